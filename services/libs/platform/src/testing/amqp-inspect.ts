import amqplib from 'amqplib';

export interface InspectedMessage {
  messageId: string | undefined;
  routingKey: string;
  headers: Record<string, unknown>;
  body: unknown;
}

/** Drains a queue with basic.get (acking each message) and returns what it held, for assertions. */
export async function drainQueue(amqpUrl: string, queue: string): Promise<InspectedMessage[]> {
  const connection = await amqplib.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    const messages: InspectedMessage[] = [];
    for (;;) {
      const message = await channel.get(queue, { noAck: true });
      if (!message) break;
      messages.push({
        messageId: message.properties.messageId,
        routingKey: message.fields.routingKey,
        headers: message.properties.headers ?? {},
        body: JSON.parse(message.content.toString('utf8')),
      });
    }
    await channel.close();
    return messages;
  } finally {
    await connection.close();
  }
}

/**
 * The ready messages of a queue, read without taking them: none is acknowledged, so closing the channel hands every
 * one back to the queue. For scans that must leave the broker as they found it.
 */
export async function peekQueue(amqpUrl: string, queue: string): Promise<string[]> {
  const connection = await amqplib.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    const messages: string[] = [];
    for (;;) {
      const message = await channel.get(queue, { noAck: false });
      if (!message) break;
      messages.push(
        `${message.content.toString('utf8')} ${JSON.stringify(message.properties.headers ?? {})}`,
      );
    }
    await channel.close();
    return messages;
  } finally {
    await connection.close();
  }
}

/** Ready messages in a queue (not counting ones delivered to a consumer and not yet acked). */
export async function queueDepth(amqpUrl: string, queue: string): Promise<number> {
  const connection = await amqplib.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    const { messageCount } = await channel.checkQueue(queue);
    await channel.close();
    return messageCount;
  } finally {
    await connection.close();
  }
}

export interface DeliveryCounter {
  /** Deliveries per message id (the outbox row's id): more than one is a row published twice. */
  readonly byMessageId: ReadonlyMap<string, number>;
  /** Every delivery so far. */
  total(): number;
  close(): Promise<void>;
}

/**
 * A consumer of its own (a private queue bound to `exchange` with `routingKey`) that counts every message published
 * there by id, beside the product's own consumers: how many times each row really reached the broker.
 */
export async function countDeliveries(
  amqpUrl: string,
  exchange: string,
  routingKey: string,
): Promise<DeliveryCounter> {
  const connection = await amqplib.connect(amqpUrl);
  const channel = await connection.createChannel();
  // The same declaration as the publishers' (platform's topology), so whichever comes first, both agree.
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, exchange, routingKey);
  const byMessageId = new Map<string, number>();
  let total = 0;
  await channel.consume(
    queue,
    (message) => {
      if (!message) return;
      total++;
      const id = message.properties.messageId ?? '(none)';
      byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
    },
    { noAck: true },
  );
  return {
    byMessageId,
    total: () => total,
    async close() {
      await connection.close().catch(() => {});
    },
  };
}
