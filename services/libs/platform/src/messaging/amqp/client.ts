import { ALL_EVENT_QUEUES, type EventDefinition, type EventQueue } from '@mathgames/contracts';
import amqplib, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import { backoffDelay, sleep } from '../../backoff.js';
import type { Logger } from '../../logger.js';

export type { ConsumeMessage } from 'amqplib';

export interface AmqpTopology {
  exchange: string;
  deadLetterExchange: string;
  /** Queue name → routing keys bound from the exchange. One quorum queue per consumer group. */
  queues: Readonly<Record<string, readonly string[]>>;
}

export const EVENTS_EXCHANGE = 'mathgames.events';
export const DEAD_LETTER_EXCHANGE = 'mathgames.dead-letter';

/**
 * Last-resort guard against a message that crashes its consumer process: failures are retried inside the
 * consumer, so only deliveries lost with a dead channel or process count. Explicit, so 3.10 (no default) and
 * 4.x (default 20) behave the same, and high enough that broker restarts and rollouts never park a healthy event.
 */
export const DELIVERY_LIMIT = 100;

/** The broker layout derived from declared queues (contracts' event catalogue): nothing else names a queue. */
export function topologyFor(queues: readonly EventQueue[]): AmqpTopology {
  const byName: Record<string, string[]> = {};
  for (const queue of queues) {
    const keys = byName[queue.name] ?? [];
    if (!keys.includes(queue.event.type)) keys.push(queue.event.type);
    byName[queue.name] = keys;
  }
  return { exchange: EVENTS_EXCHANGE, deadLetterExchange: DEAD_LETTER_EXCHANGE, queues: byName };
}

/** The queues a publisher of these events declares, so its events are kept even before their workers first start. */
export function queuesFor(events: readonly Pick<EventDefinition, 'type'>[]): EventQueue[] {
  const types = new Set(events.map((e) => e.type));
  return ALL_EVENT_QUEUES.filter((queue) => types.has(queue.event.type));
}

export function deadLetterQueue(queue: string): string {
  return `${queue}.dead-letter`;
}

export function queueArguments(queue: string): Record<string, unknown> {
  return {
    'x-queue-type': 'quorum',
    'x-dead-letter-exchange': DEAD_LETTER_EXCHANGE,
    'x-dead-letter-routing-key': queue,
    // The broker keeps a rejected message until the dead-letter queue confirmed it (quorum queues, 3.10+);
    // at-least-once dead-lettering requires reject-publish overflow.
    'x-dead-letter-strategy': 'at-least-once',
    'x-overflow': 'reject-publish',
    'x-delivery-limit': DELIVERY_LIMIT,
  };
}

/**
 * Declares exchanges, each queue with its dead-letter queue and bindings. A queue that already exists with other
 * arguments (declared by an older release) is kept as it is with a warning: redeclaring would close the channel
 * and deleting it would lose messages; docs/operations.md says how to migrate it.
 */
export async function declareTopology(
  conn: ChannelModel,
  topology: AmqpTopology,
  logger?: Logger,
): Promise<void> {
  let channel = await conn.createChannel();
  channel.on('error', () => {});
  try {
    await channel.assertExchange(topology.exchange, 'topic', { durable: true });
    await channel.assertExchange(topology.deadLetterExchange, 'direct', { durable: true });
    for (const [queue, routingKeys] of Object.entries(topology.queues)) {
      const dlq = deadLetterQueue(queue);
      await channel.assertQueue(dlq, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
      await channel.bindQueue(dlq, topology.deadLetterExchange, queue);
      try {
        await channel.assertQueue(queue, { durable: true, arguments: queueArguments(queue) });
      } catch (err) {
        if ((err as { code?: number }).code !== 406) throw err;
        logger?.warn(
          { queue, reason: (err as Error).message },
          'queue exists with older arguments; kept as it is (see docs/operations.md)',
        );
        channel = await conn.createChannel();
        channel.on('error', () => {});
        await channel.checkQueue(queue);
      }
      for (const key of routingKeys) await channel.bindQueue(queue, topology.exchange, key);
    }
  } finally {
    await channel.close().catch(() => {});
  }
}

export interface PublishOptions {
  messageId?: string;
  type?: string;
}

export interface DeliveryControl {
  ack(): void;
  /** basic.reject without requeue: the queue dead-letters the message at once (counted on 3.10 and 4.x alike). */
  deadLetter(): void;
}

export type MessageHandler = (message: ConsumeMessage, control: DeliveryControl) => Promise<void>;

export interface Subscription {
  /** Stops new deliveries, waits for the ones being handled, closes the channel. */
  cancel(): Promise<void>;
}

export interface AmqpClient {
  readonly topology: AmqpTopology;
  /** Resolves once the broker confirmed the message; waits (bounded) through reconnects instead of dropping it. */
  publish(
    routingKey: string,
    message: unknown,
    headers?: Record<string, unknown>,
    options?: PublishOptions,
  ): Promise<void>;
  consume(queue: string, handler: MessageHandler, options?: { prefetch?: number }): Subscription;
  ready(): Promise<void>;
  isConnected(): boolean;
  /**
   * Messages in each declared queue and its dead-letter queue (passive declare on a short-lived channel); empty
   * while disconnected.
   */
  queueDepths(): Promise<{ queue: string; messages: number }[]>;
  close(): Promise<void>;
}

export interface AmqpClientOptions {
  url: string;
  logger: Logger;
  /** The queues this client declares on every (re)connect; publishers declare those of the events they send. */
  queues?: readonly EventQueue[];
  /** Shown in the RabbitMQ management UI and `rabbitmqctl list_connections`. */
  connectionName?: string;
  publishTimeoutMs?: number;
}

interface ConsumerRegistration {
  queue: string;
  handler: MessageHandler;
  prefetch: number;
  channel: Channel | null;
  consumerTag: string | null;
  cancelled: boolean;
  inFlight: Set<Promise<void>>;
  restartAttempt: number;
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function createAmqpClient(options: AmqpClientOptions): AmqpClient {
  const { logger } = options;
  // Short heartbeats notice a dead peer within ~30 s instead of the server's 60 s default.
  const parsedUrl = new URL(options.url);
  if (!parsedUrl.searchParams.has('heartbeat')) parsedUrl.searchParams.set('heartbeat', '15');
  const connectUrl = parsedUrl.toString();
  const topology = topologyFor(options.queues ?? []);
  const publishTimeoutMs = options.publishTimeoutMs ?? 30_000;
  const stopping = new AbortController();
  const consumers = new Set<ConsumerRegistration>();
  let connection: ChannelModel | null = null;
  let publisher: ConfirmChannel | null = null;
  let connectedSignal = deferred();
  let firstConnection = true;
  let closed = false;

  async function connectLoop(): Promise<void> {
    for (let attempt = 0; !closed; attempt++) {
      let candidate: ChannelModel | null = null;
      try {
        candidate = await amqplib.connect(connectUrl, {
          timeout: 5_000,
          clientProperties: { connection_name: options.connectionName ?? 'mathgames' },
        });
        const conn = candidate;
        conn.on('error', (err: Error) => logger.warn({ err }, 'amqp connection error'));
        conn.on('close', () => onConnectionLost(conn));
        await declareTopology(conn, topology, logger);
        const channel = await openPublisher(conn);
        if (closed) {
          await conn.close().catch(() => {});
          return;
        }
        connection = conn;
        publisher = channel;
        logger.info({ reconnect: !firstConnection }, 'amqp connected');
        firstConnection = false;
        for (const registration of consumers) void startConsumer(registration, conn);
        connectedSignal.resolve();
        return;
      } catch (err) {
        await candidate?.close().catch(() => {});
        // Capped at 5 s so every process is back within ~10 s of the broker's return (jitter spreads replicas).
        const delay = backoffDelay(attempt, 200, 5_000);
        logger.warn({ err, attempt, delayMs: delay }, 'amqp connect failed; retrying');
        await sleep(delay, stopping.signal);
      }
    }
  }

  async function openPublisher(conn: ChannelModel): Promise<ConfirmChannel> {
    const channel = await conn.createConfirmChannel();
    channel.on('error', (err: Error) => logger.warn({ err }, 'amqp publisher channel error'));
    channel.on('close', () => {
      if (publisher !== channel) return;
      publisher = null;
      // A channel-level error (connection still up) only costs this channel: open a new one.
      if (connection === conn && !closed) {
        connectedSignal = deferred();
        conn
          .createConfirmChannel()
          .then(async (replacement) => {
            replacement.on('error', (err: Error) => logger.warn({ err }, 'amqp publisher channel error'));
            if (connection !== conn) return;
            publisher = replacement;
            connectedSignal.resolve();
          })
          .catch(() => conn.close().catch(() => {}));
      }
    });
    return channel;
  }

  function onConnectionLost(conn: ChannelModel): void {
    if (connection !== conn) return;
    connection = null;
    publisher = null;
    for (const registration of consumers) registration.channel = null;
    if (closed) return;
    logger.warn('amqp connection lost; reconnecting');
    connectedSignal = deferred();
    void connectLoop();
  }

  async function startConsumer(registration: ConsumerRegistration, conn: ChannelModel): Promise<void> {
    if (registration.cancelled || connection !== conn) return;
    let channel: Channel | null = null;
    try {
      channel = await conn.createChannel();
      const ch = channel;
      ch.on('error', (err: Error) =>
        logger.warn({ err, queue: registration.queue }, 'amqp consumer channel error'),
      );
      ch.on('close', () => {
        if (registration.channel !== ch) return;
        registration.channel = null;
        // The connection survived (channel-level error): resubscribe on a new channel after a pause.
        if (!registration.cancelled && connection === conn) {
          void sleep(backoffDelay(registration.restartAttempt++), stopping.signal).then(() =>
            startConsumer(registration, conn),
          );
        }
      });
      await ch.prefetch(registration.prefetch);
      registration.channel = ch;
      const { consumerTag } = await ch.consume(
        registration.queue,
        (message) => {
          if (!message) {
            logger.warn({ queue: registration.queue }, 'consumer cancelled by the broker');
            void ch.close().catch(() => {});
            return;
          }
          const control: DeliveryControl = {
            ack: () => safely(() => ch.ack(message)),
            deadLetter: () => safely(() => ch.reject(message, false)),
          };
          const work = registration.handler(message, control).catch((err: unknown) => {
            // Handlers settle their own messages; this is a bug. Closing the channel returns the message.
            logger.error(
              { err, queue: registration.queue },
              'message handler crashed; reopening the channel',
            );
            void ch.close().catch(() => {});
          });
          registration.inFlight.add(work);
          void work.finally(() => registration.inFlight.delete(work));
        },
        { noAck: false },
      );
      registration.consumerTag = consumerTag;
      registration.restartAttempt = 0;
    } catch (err) {
      logger.warn({ err, queue: registration.queue }, 'amqp consume failed');
      await channel?.close().catch(() => {});
      if (!registration.cancelled && connection === conn) {
        await sleep(backoffDelay(registration.restartAttempt++), stopping.signal);
        return startConsumer(registration, conn);
      }
    }
  }

  // An ack on a channel that died is impossible; the broker redelivers, and consumers are idempotent.
  function safely(action: () => void): void {
    try {
      action();
    } catch (err) {
      logger.debug({ err }, 'ack/nack on a closed channel ignored');
    }
  }

  async function waitForPublisher(timeoutMs: number): Promise<ConfirmChannel> {
    if (publisher) return publisher;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`RabbitMQ not reachable within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      while (!publisher) {
        if (closed) throw new Error('amqp client closed');
        await Promise.race([connectedSignal.promise, timeout]);
      }
      return publisher;
    } finally {
      clearTimeout(timer);
    }
  }

  void connectLoop();

  return {
    topology,
    async publish(routingKey, message, headers = {}, publishOptions = {}) {
      const body = Buffer.isBuffer(message) ? message : Buffer.from(JSON.stringify(message));
      const deadline = Date.now() + publishTimeoutMs;
      for (let attempt = 0; ; attempt++) {
        if (closed) throw new Error('amqp client closed');
        const channel = await waitForPublisher(Math.max(1, deadline - Date.now()));
        try {
          await new Promise<void>((resolve, reject) => {
            try {
              channel.publish(
                topology.exchange,
                routingKey,
                body,
                {
                  persistent: true,
                  contentType: 'application/json',
                  messageId: publishOptions.messageId,
                  type: publishOptions.type,
                  timestamp: Math.floor(Date.now() / 1000),
                  headers,
                },
                (err: unknown) =>
                  err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(),
              );
            } catch (err) {
              reject(err);
            }
          });
          return;
        } catch (err) {
          // Channel closed before the confirm: the message may or may not have arrived, so publish again
          // (at-least-once); consumers de-duplicate by event id.
          if (Date.now() >= deadline) throw err;
          logger.debug({ err, attempt }, 'publish not confirmed; retrying');
          await sleep(Math.min(backoffDelay(attempt, 50, 1_000), Math.max(0, deadline - Date.now())));
        }
      }
    },
    consume(queue, handler, consumeOptions = {}) {
      const registration: ConsumerRegistration = {
        queue,
        handler,
        prefetch: consumeOptions.prefetch ?? 20,
        channel: null,
        consumerTag: null,
        cancelled: false,
        inFlight: new Set(),
        restartAttempt: 0,
      };
      consumers.add(registration);
      if (connection) void startConsumer(registration, connection);
      return {
        async cancel() {
          registration.cancelled = true;
          consumers.delete(registration);
          const channel = registration.channel;
          if (channel && registration.consumerTag)
            await channel.cancel(registration.consumerTag).catch(() => {});
          await Promise.allSettled([...registration.inFlight]);
          registration.channel = null;
          await channel?.close().catch(() => {});
        },
      };
    },
    async ready() {
      while (!publisher) {
        if (closed) throw new Error('amqp client closed');
        await connectedSignal.promise;
      }
    },
    isConnected() {
      return publisher !== null;
    },
    async queueDepths() {
      const conn = connection;
      if (!conn) return [];
      const channel = await conn.createChannel();
      // A queue missing (deleted by hand) closes the channel: the error is reported, the channel not reused.
      channel.on('error', () => {});
      try {
        const depths: { queue: string; messages: number }[] = [];
        for (const queue of Object.keys(topology.queues)) {
          for (const name of [queue, deadLetterQueue(queue)]) {
            const { messageCount } = await channel.checkQueue(name);
            depths.push({ queue: name, messages: messageCount });
          }
        }
        return depths;
      } finally {
        await channel.close().catch(() => {});
      }
    },
    async close() {
      if (closed) return;
      const registrations = [...consumers];
      await Promise.allSettled(
        registrations.map(async (registration) => {
          registration.cancelled = true;
          const channel = registration.channel;
          if (channel && registration.consumerTag)
            await channel.cancel(registration.consumerTag).catch(() => {});
          await Promise.allSettled([...registration.inFlight]);
        }),
      );
      consumers.clear();
      closed = true;
      stopping.abort();
      const conn = connection;
      connection = null;
      publisher = null;
      connectedSignal.resolve();
      await conn?.close().catch(() => {});
    },
  };
}
