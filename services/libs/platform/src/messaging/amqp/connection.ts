import amqplib, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import { backoffDelay, sleep } from '../../backoff.js';
import type { Logger } from '../../logger.js';
import { type ConsumerHost, type ConsumerRegistration, startConsumer, stopDeliveries } from './consumers.js';
import { type AmqpTopology, deadLetterQueue, declareTopology } from './topology.js';

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

/** One client's connection, publisher channel and consumers, shared by the functions below. */
export interface ClientState extends ConsumerHost {
  readonly connectUrl: string;
  readonly connectionName: string;
  readonly topology: AmqpTopology;
  connection: ChannelModel | null;
  publisher: ConfirmChannel | null;
  connectedSignal: Deferred;
  firstConnection: boolean;
  closed: boolean;
}

export function createClientState(options: {
  url: string;
  logger: Logger;
  topology: AmqpTopology;
  connectionName?: string | undefined;
}): ClientState {
  // Short heartbeats notice a dead peer within ~30 s instead of the server's 60 s default.
  const parsedUrl = new URL(options.url);
  if (!parsedUrl.searchParams.has('heartbeat')) parsedUrl.searchParams.set('heartbeat', '15');
  return {
    connectUrl: parsedUrl.toString(),
    connectionName: options.connectionName ?? 'mathgames',
    logger: options.logger,
    topology: options.topology,
    stopping: new AbortController(),
    consumers: new Set<ConsumerRegistration>(),
    connection: null,
    publisher: null,
    connectedSignal: deferred(),
    firstConnection: true,
    closed: false,
  };
}

export async function connectLoop(state: ClientState): Promise<void> {
  const { logger } = state;
  for (let attempt = 0; !state.closed; attempt++) {
    let candidate: ChannelModel | null = null;
    try {
      candidate = await amqplib.connect(state.connectUrl, {
        timeout: 5_000,
        clientProperties: { connection_name: state.connectionName },
      });
      const conn = candidate;
      conn.on('error', (err: Error) => logger.warn({ err }, 'amqp connection error'));
      conn.on('close', () => onConnectionLost(state, conn));
      await declareTopology(conn, state.topology, logger);
      const channel = await openPublisher(state, conn);
      if (state.closed) {
        await conn.close().catch(() => {});
        return;
      }
      state.connection = conn;
      state.publisher = channel;
      logger.info({ reconnect: !state.firstConnection }, 'amqp connected');
      state.firstConnection = false;
      for (const registration of state.consumers) void startConsumer(state, registration, conn);
      state.connectedSignal.resolve();
      return;
    } catch (err) {
      await candidate?.close().catch(() => {});
      // Capped at 5 s so every process is back within ~10 s of the broker's return (jitter spreads replicas).
      const delay = backoffDelay(attempt, 200, 5_000);
      logger.warn({ err, attempt, delayMs: delay }, 'amqp connect failed; retrying');
      await sleep(delay, state.stopping.signal);
    }
  }
}

async function openPublisher(state: ClientState, conn: ChannelModel): Promise<ConfirmChannel> {
  const { logger } = state;
  const channel = await conn.createConfirmChannel();
  channel.on('error', (err: Error) => logger.warn({ err }, 'amqp publisher channel error'));
  channel.on('close', () => {
    if (state.publisher !== channel) return;
    state.publisher = null;
    // A channel-level error (connection still up) only costs this channel: open a new one.
    if (state.connection === conn && !state.closed) {
      state.connectedSignal = deferred();
      conn
        .createConfirmChannel()
        .then(async (replacement) => {
          replacement.on('error', (err: Error) => logger.warn({ err }, 'amqp publisher channel error'));
          if (state.connection !== conn) return;
          state.publisher = replacement;
          state.connectedSignal.resolve();
        })
        .catch(() => conn.close().catch(() => {}));
    }
  });
  return channel;
}

function onConnectionLost(state: ClientState, conn: ChannelModel): void {
  if (state.connection !== conn) return;
  state.connection = null;
  state.publisher = null;
  for (const registration of state.consumers) registration.channel = null;
  if (state.closed) return;
  state.logger.warn('amqp connection lost; reconnecting');
  state.connectedSignal = deferred();
  void connectLoop(state);
}

export async function waitForPublisher(state: ClientState, timeoutMs: number): Promise<ConfirmChannel> {
  if (state.publisher) return state.publisher;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`RabbitMQ not reachable within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    while (!state.publisher) {
      if (state.closed) throw new Error('amqp client closed');
      await Promise.race([state.connectedSignal.promise, timeout]);
    }
    return state.publisher;
  } finally {
    clearTimeout(timer);
  }
}

export async function waitUntilReady(state: ClientState): Promise<void> {
  while (!state.publisher) {
    if (state.closed) throw new Error('amqp client closed');
    await state.connectedSignal.promise;
  }
}

export async function readQueueDepths(state: ClientState): Promise<{ queue: string; messages: number }[]> {
  const conn = state.connection;
  if (!conn) return [];
  const channel = await conn.createChannel();
  // A queue missing (deleted by hand) closes the channel: the error is reported, the channel not reused.
  channel.on('error', () => {});
  try {
    const depths: { queue: string; messages: number }[] = [];
    for (const queue of Object.keys(state.topology.queues)) {
      for (const name of [queue, deadLetterQueue(queue)]) {
        const { messageCount } = await channel.checkQueue(name);
        depths.push({ queue: name, messages: messageCount });
      }
    }
    return depths;
  } finally {
    await channel.close().catch(() => {});
  }
}

/** Lets the consumers finish what they hold, then closes the connection; publishers waiting are told so. */
export async function closeClient(state: ClientState): Promise<void> {
  if (state.closed) return;
  const registrations = [...state.consumers];
  await Promise.allSettled(registrations.map((registration) => stopDeliveries(registration)));
  state.consumers.clear();
  state.closed = true;
  state.stopping.abort();
  const conn = state.connection;
  state.connection = null;
  state.publisher = null;
  state.connectedSignal.resolve();
  await conn?.close().catch(() => {});
}
