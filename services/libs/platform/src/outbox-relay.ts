import { type ConnectionOptions, Queue } from 'bullmq';
import pg from 'pg';
import type { AmqpClient } from './amqp.js';
import { backoffDelay, sleep } from './backoff.js';
import { bullPrefix, createQueue, DEFAULT_JOB_OPTIONS } from './bullmq.js';
import { withTransaction } from './db.js';
import { REQUEST_ID_HEADER } from './idempotent-consumer.js';
import type { Logger } from './logger.js';
import { outboxFailuresTotal, outboxPending, outboxPublishedTotal } from './metrics.js';
import { assertSchemaName, outboxChannel } from './outbox.js';

export interface OutboxRelayOptions {
  pool: pg.Pool;
  schema: string;
  /** For the dedicated LISTEN connection (a pooled client cannot hold LISTEN). */
  databaseUrl: string;
  amqp?: AmqpClient;
  bullmq?: { prefix: string; redisUrl?: string; connection?: ConnectionOptions };
  logger: Logger;
  batchSize?: number;
  /** Backstop poll for missed notifications and for retrying failed rows. */
  pollIntervalMs?: number;
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
  attempts: number;
}

export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { pool, schema, logger } = options;
  const table = `${assertSchemaName(schema)}.outbox`;
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const queues = new Map<string, Queue>();
  const stopping = new AbortController();
  let stopped = false;
  let running: Promise<void> | null = null;
  let rerun = false;
  let listener: pg.Client | null = null;

  function queueFor(name: string): Queue {
    const bull = options.bullmq;
    if (!bull) throw new Error(`outbox row for BullMQ queue "${name}" but the relay has no bullmq option`);
    let queue = queues.get(name);
    if (!queue) {
      queue = bull.connection
        ? new Queue(name, {
            connection: bull.connection,
            prefix: bullPrefix(bull.prefix),
            defaultJobOptions: DEFAULT_JOB_OPTIONS,
          })
        : createQueue(name, { redisUrl: bull.redisUrl ?? 'redis://127.0.0.1:6379', prefix: bull.prefix });
      queues.set(name, queue);
    }
    return queue;
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (row.destination === 'amqp') {
      if (!options.amqp)
        throw new Error(`outbox row for AMQP topic "${row.topic}" but the relay has no amqp client`);
      const headers: Record<string, unknown> = {};
      if (row.request_id) headers[REQUEST_ID_HEADER] = row.request_id;
      await options.amqp.publish(row.topic, row.payload, headers, { messageId: row.id, type: row.name });
    } else {
      // The job id de-duplicates: a row re-sent after a crash between add and commit adds nothing.
      await queueFor(row.topic).add(row.name, row.payload, { jobId: row.id });
    }
  }

  /** One claimed batch: rows stay locked (SKIP LOCKED for other replicas) until their outcome is recorded. */
  async function processBatch(): Promise<{ claimed: number; failed: number }> {
    return withTransaction(pool, async (client) => {
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, destination, topic, name, payload, request_id, attempts FROM ${table}
          WHERE published_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      if (rows.length === 0) return { claimed: 0, failed: 0 };
      const outcomes = await Promise.allSettled(rows.map((row) => deliver(row)));
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
          await client.query(`UPDATE ${table} SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [
            row.id,
            message,
          ]);
        }
      }
      if (published.length > 0) {
        await client.query(`UPDATE ${table} SET published_at = now() WHERE id = ANY($1::uuid[])`, [
          published,
        ]);
      }
      return { claimed: rows.length, failed };
    });
  }

  async function drainOnce(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const { claimed, failed } = await processBatch();
      // Failed rows wait for the next poll so a broker outage is not a hot loop.
      if (claimed < batchSize || failed > 0) break;
    }
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
      const client = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 5_000 });
      try {
        await client.connect();
        client.on('notification', () => void trigger());
        const lost = new Promise<void>((resolve) => {
          client.once('error', (err) => {
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
  const listening = listen();

  return {
    drain: () => trigger(),
    async stop() {
      stopped = true;
      stopping.abort();
      clearInterval(poller);
      await listener?.end().catch(() => {});
      await listening;
      await running;
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
    },
  };
}
