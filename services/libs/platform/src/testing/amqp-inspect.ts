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
