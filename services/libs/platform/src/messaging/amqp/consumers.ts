import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import { backoffDelay, sleep } from '../../backoff.js';
import type { Logger } from '../../logger.js';

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

export interface ConsumerRegistration {
  queue: string;
  handler: MessageHandler;
  prefetch: number;
  channel: Channel | null;
  consumerTag: string | null;
  cancelled: boolean;
  inFlight: Set<Promise<void>>;
  restartAttempt: number;
}

/** What consumers need of their client: its live connection (null while reconnecting), log and stop signal. */
export interface ConsumerHost {
  readonly logger: Logger;
  readonly stopping: AbortController;
  readonly consumers: Set<ConsumerRegistration>;
  readonly connection: ChannelModel | null;
}

/** Registers a consumer that is (re)started on every connection until cancelled. */
export function registerConsumer(
  host: ConsumerHost,
  queue: string,
  handler: MessageHandler,
  prefetch: number,
): Subscription {
  const registration: ConsumerRegistration = {
    queue,
    handler,
    prefetch,
    channel: null,
    consumerTag: null,
    cancelled: false,
    inFlight: new Set(),
    restartAttempt: 0,
  };
  host.consumers.add(registration);
  if (host.connection) void startConsumer(host, registration, host.connection);
  return {
    async cancel() {
      host.consumers.delete(registration);
      const channel = await stopDeliveries(registration);
      registration.channel = null;
      await channel?.close().catch(() => {});
    },
  };
}

/** Stops new deliveries and waits for the ones being handled; returns the channel they came on. */
export async function stopDeliveries(registration: ConsumerRegistration): Promise<Channel | null> {
  registration.cancelled = true;
  const channel = registration.channel;
  if (channel && registration.consumerTag) await channel.cancel(registration.consumerTag).catch(() => {});
  await Promise.allSettled([...registration.inFlight]);
  return channel;
}

export async function startConsumer(
  host: ConsumerHost,
  registration: ConsumerRegistration,
  conn: ChannelModel,
): Promise<void> {
  const { logger } = host;
  if (registration.cancelled || host.connection !== conn) return;
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
      if (!registration.cancelled && host.connection === conn) {
        void sleep(backoffDelay(registration.restartAttempt++), host.stopping.signal).then(() =>
          startConsumer(host, registration, conn),
        );
      }
    });
    await ch.prefetch(registration.prefetch);
    registration.channel = ch;
    const { consumerTag } = await ch.consume(
      registration.queue,
      (message) => onDelivery(logger, registration, ch, message),
      { noAck: false },
    );
    registration.consumerTag = consumerTag;
    registration.restartAttempt = 0;
  } catch (err) {
    logger.warn({ err, queue: registration.queue }, 'amqp consume failed');
    await channel?.close().catch(() => {});
    if (!registration.cancelled && host.connection === conn) {
      await sleep(backoffDelay(registration.restartAttempt++), host.stopping.signal);
      return startConsumer(host, registration, conn);
    }
  }
}

function onDelivery(
  logger: Logger,
  registration: ConsumerRegistration,
  ch: Channel,
  message: ConsumeMessage | null,
): void {
  if (!message) {
    logger.warn({ queue: registration.queue }, 'consumer cancelled by the broker');
    void ch.close().catch(() => {});
    return;
  }
  const control: DeliveryControl = {
    ack: () => safely(logger, () => ch.ack(message)),
    deadLetter: () => safely(logger, () => ch.reject(message, false)),
  };
  const work = registration.handler(message, control).catch((err: unknown) => {
    // Handlers settle their own messages; this is a bug. Closing the channel returns the message.
    logger.error({ err, queue: registration.queue }, 'message handler crashed; reopening the channel');
    void ch.close().catch(() => {});
  });
  registration.inFlight.add(work);
  void work.finally(() => registration.inFlight.delete(work));
}

// An ack on a channel that died is impossible; the broker redelivers, and consumers are idempotent.
function safely(logger: Logger, action: () => void): void {
  try {
    action();
  } catch (err) {
    logger.debug({ err }, 'ack/nack on a closed channel ignored');
  }
}
