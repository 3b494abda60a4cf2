import type { EventDefinition } from '@mathgames/contracts';
import { type ConnectionOptions, Queue } from 'bullmq';
import pg from 'pg';
import { backoffDelay, sleep } from '../backoff.js';
import type { BaseConfig } from '../config.js';
import { type HousekeepingOptions, startHousekeeping } from '../db/housekeeping.js';
import type { Logger } from '../logger.js';
import {
  OUTBOX_CREATED_AT_HEADER,
  outboxFailuresTotal,
  outboxPending,
  outboxPublishedTotal,
} from '../metrics.js';
import { injectTraceContext, inSpan, SpanKind } from '../tracing/trace-context.js';
import { type AmqpClient, createAmqpClient } from './amqp/client.js';
import { queuesFor } from './amqp/topology.js';
import { bullPrefix, createQueue, DEFAULT_JOB_OPTIONS } from './bullmq.js';
import { REQUEST_ID_HEADER } from './idempotent-consumer.js';
import { assertSchemaName, outboxChannel } from './outbox.js';

export interface OutboxRelayOptions {
  pool: pg.Pool;
  schema: string;
  /** For the dedicated LISTEN connection (a pooled client cannot hold LISTEN); defaults to config.DATABASE_URL. */
  databaseUrl?: string;
  /**
   * The declarative form: the events this schema publishes and the job queues it fills. The relay then opens (and
   * closes) its own broker client, declaring every queue subscribed to those events, and its BullMQ queues.
   */
  config?: Pick<BaseConfig, 'DATABASE_URL' | 'REDIS_URL' | 'REDIS_PREFIX'> & { AMQP_URL?: string };
  publishes?: readonly EventDefinition[];
  enqueues?: readonly string[];
  amqp?: AmqpClient;
  bullmq?: { prefix: string; redisUrl?: string; connection?: ConnectionOptions };
  logger: Logger;
  batchSize?: number;
  /** Backstop poll for missed notifications and for retrying failed rows. */
  pollIntervalMs?: number;
  /** Bound on one publish (broker confirm or BullMQ add); a claimed row's lease is twice that. */
  publishTimeoutMs?: number;
  /** Published rows older than this are purged (housekeeping, one replica at a time). */
  retentionDays?: number;
}

/**
 * The relay's purge of its schema's published outbox rows, past `retentionDays` (7 unless the schema's owner asks
 * for less). Exported so a test can run the same purge at once instead of waiting for the relay's timer.
 */
export function outboxHousekeeping(options: {
  pool: pg.Pool;
  schema: string;
  logger: Logger;
  retentionDays?: number | undefined;
}): HousekeepingOptions {
  return {
    pool: options.pool,
    schema: options.schema,
    rules: [{ table: 'outbox', column: 'published_at' }],
    retentionDays: options.retentionDays ?? 7,
    logger: options.logger,
  };
}

export interface OutboxRelay {
  /** Publishes what is pending now; resolves when a pass found nothing more to do. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

interface OutboxRow {
  id: string;
  destination: 'amqp' | 'bullmq';
  topic: string;
  name: string;
  payload: unknown;
  request_id: string | null;
  traceparent: string | null;
  attempts: number;
  created_at: Date;
}

export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { pool, schema, logger, config } = options;
  const databaseUrl = options.databaseUrl ?? config?.DATABASE_URL;
  if (!databaseUrl) throw new Error('startOutboxRelay needs databaseUrl or config');
  const ownAmqp =
    !options.amqp && config?.AMQP_URL && options.publishes?.length
      ? createAmqpClient({
          url: config.AMQP_URL,
          logger,
          connectionName: `${schema}-outbox-relay`,
          queues: queuesFor(options.publishes),
        })
      : null;
  const amqp = options.amqp ?? ownAmqp ?? undefined;
  const bullmq =
    options.bullmq ??
    (config && options.enqueues?.length
      ? { prefix: config.REDIS_PREFIX, redisUrl: config.REDIS_URL }
      : undefined);
  const table = `${assertSchemaName(schema)}.outbox`;
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const publishTimeoutMs = options.publishTimeoutMs ?? 30_000;
  const leaseSeconds = Math.ceil((2 * publishTimeoutMs) / 1000);
  const queues = new Map<string, Queue>();
  const stopping = new AbortController();
  let stopped = false;
  let running: Promise<void> | null = null;
  let rerun = false;
  let listener: pg.Client | null = null;
  let pendingCountedAt = 0;

  function queueFor(name: string): Queue {
    const bull = bullmq;
    if (!bull) throw new Error(`outbox row for BullMQ queue "${name}" but the relay has no bullmq option`);
    let queue = queues.get(name);
    if (!queue) {
      if (bull.connection) {
        queue = new Queue(name, {
          connection: bull.connection,
          prefix: bullPrefix(bull.prefix),
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
        });
        queue.on('error', (err) => logger.warn({ err, queue: name }, 'bullmq queue connection error'));
      } else {
        queue = createQueue(name, {
          redisUrl: bull.redisUrl ?? 'redis://127.0.0.1:6379',
          prefix: bull.prefix,
          logger,
        });
      }
      queues.set(name, queue);
    }
    return queue;
  }

  /** Publishes one row in a span that continues the trace of the request that wrote it. */
  function deliver(row: OutboxRow): Promise<void> {
    const system = row.destination === 'amqp' ? 'rabbitmq' : 'bullmq';
    return inSpan(
      `publish ${row.topic}`,
      {
        kind: SpanKind.PRODUCER,
        parent: row.traceparent,
        attributes: {
          'messaging.system': system,
          'messaging.operation.type': 'send',
          'messaging.destination.name': row.topic,
          'messaging.message.id': row.id,
          'outbox.schema': schema,
          'outbox.attempt': row.attempts + 1,
        },
      },
      () => publishRow(row),
    );
  }

  async function publishRow(row: OutboxRow): Promise<void> {
    if (row.destination === 'amqp') {
      if (!amqp) throw new Error(`outbox row for AMQP topic "${row.topic}" but the relay has no amqp client`);
      const headers: Record<string, unknown> = {};
      if (row.request_id) headers[REQUEST_ID_HEADER] = row.request_id;
      headers[OUTBOX_CREATED_AT_HEADER] = row.created_at.toISOString();
      injectTraceContext(headers);
      await amqp.publish(row.topic, row.payload, headers, { messageId: row.id, type: row.name });
    } else {
      const carrier: Record<string, string> = {};
      injectTraceContext(carrier);
      // The job id de-duplicates: a row re-sent after a crash between add and commit adds nothing. BullMQ's own
      // slot for propagation metadata carries the trace context to the worker.
      await queueFor(row.topic).add(row.name, row.payload, {
        jobId: row.id,
        ...(carrier.traceparent ? { telemetry: { metadata: carrier.traceparent } } : {}),
      });
    }
  }

  async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what} not confirmed within ${publishTimeoutMs} ms`)),
        publishTimeoutMs,
      );
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Claims a batch for a lease in one short statement (SKIP LOCKED keeps replicas apart); nothing stays open while
   * the broker confirms, so Postgres ending a connection mid-publish costs at most a repeated publish.
   */
  async function claimBatch(): Promise<OutboxRow[]> {
    const { rows } = await pool.query<OutboxRow>({
      name: `claim-outbox:${table}`,
      text: `UPDATE ${table} SET claimed_until = now() + make_interval(secs => $2)
        WHERE id IN (SELECT id FROM ${table}
                      WHERE published_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
                      ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, destination, topic, name, payload, request_id, traceparent, attempts, created_at`,
      values: [batchSize, leaseSeconds],
    });
    return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  }

  /** The second short transaction; retried within the lease, after which a republish is harmless anyway. */
  async function record(sql: string, params: unknown[]): Promise<void> {
    const deadline = Date.now() + leaseSeconds * 1000;
    for (let attempt = 0; ; attempt++) {
      try {
        await pool.query(sql, params);
        return;
      } catch (err) {
        if (Date.now() >= deadline || stopped) throw err;
        logger.warn({ err, attempt }, 'outbox bookkeeping failed; retrying');
        await sleep(backoffDelay(attempt, 200, 5_000), stopping.signal);
      }
    }
  }

  async function processBatch(): Promise<{ claimed: number; failed: number }> {
    const rows = await claimBatch();
    if (rows.length === 0) return { claimed: 0, failed: 0 };
    const outcomes = await Promise.allSettled(
      rows.map((row) => withTimeout(deliver(row), `outbox row ${row.id}`)),
    );
    const published: string[] = [];
    let failed = 0;
    for (const [i, outcome] of outcomes.entries()) {
      const row = rows[i]!;
      if (outcome.status === 'fulfilled') {
        published.push(row.id);
        outboxPublishedTotal.inc({ schema, destination: row.destination });
      } else {
        failed++;
        outboxFailuresTotal.inc({ schema, destination: row.destination });
        const message = String((outcome.reason as Error)?.message ?? outcome.reason).slice(0, 1000);
        logger.warn(
          { outboxId: row.id, attempts: row.attempts + 1, err: outcome.reason },
          'outbox publish failed',
        );
        await record(
          `UPDATE ${table} SET attempts = attempts + 1, last_error = $2, claimed_until = NULL WHERE id = $1`,
          [row.id, message],
        );
      }
    }
    if (published.length > 0) {
      await record(
        `UPDATE ${table} SET published_at = now(), claimed_until = NULL WHERE id = ANY($1::uuid[])`,
        [published],
      );
    }
    return { claimed: rows.length, failed };
  }

  async function drainOnce(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const { claimed, failed } = await processBatch();
      // Failed rows wait for the next poll so a broker outage is not a hot loop.
      if (claimed < batchSize || failed > 0) break;
    }
    // The pending gauge at most once per poll interval: under load a pass runs per few commits, and the count
    // would be one more query each time.
    if (Date.now() - pendingCountedAt < pollIntervalMs) return;
    pendingCountedAt = Date.now();
    const { rows } = await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${table} WHERE published_at IS NULL`,
    );
    outboxPending.set({ schema }, Number(rows[0]?.n ?? 0));
  }

  /** Coalesces wake-ups: at most one pass runs, and one more follows if something arrived meanwhile. */
  function trigger(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      rerun = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          rerun = false;
          await drainOnce();
        } while (rerun && !stopped);
      } catch (err) {
        logger.warn({ err }, 'outbox relay pass failed');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  async function listen(): Promise<void> {
    for (let attempt = 0; !stopped; attempt++) {
      const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
      client.on('error', () => {}); // errors while connecting are handled below
      try {
        await client.connect();
        client.on('notification', () => void trigger());
        const lost = new Promise<void>((resolve) => {
          // `on`, not `once`: a second error on a dying client must not become an uncaught exception.
          client.on('error', (err) => {
            logger.warn({ err }, 'outbox listener connection failed');
            resolve();
          });
          client.once('end', () => resolve());
        });
        await client.query(`LISTEN ${pg.escapeIdentifier(outboxChannel(schema))}`);
        listener = client;
        if (stopped) break; // stop() ran while we were connecting: it could not end this client
        attempt = 0;
        void trigger(); // rows committed while we were not listening
        await lost;
      } catch (err) {
        logger.warn({ err }, 'outbox listener could not connect');
      } finally {
        if (listener === client) listener = null;
        await client.end().catch(() => {});
      }
      if (!stopped) await sleep(backoffDelay(attempt), stopping.signal);
    }
  }

  const poller = setInterval(() => void trigger(), pollIntervalMs);
  const housekeeping = startHousekeeping(
    outboxHousekeeping({ pool, schema, logger, retentionDays: options.retentionDays }),
  );
  const listening = listen();

  return {
    drain: () => trigger(),
    async stop() {
      stopped = true;
      stopping.abort();
      clearInterval(poller);
      housekeeping.stop();
      await listener?.end().catch(() => {});
      await listening;
      await running;
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
      await ownAmqp?.close();
    },
  };
}
