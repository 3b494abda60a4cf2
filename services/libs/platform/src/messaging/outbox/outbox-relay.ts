import type { EventDefinition } from '@mathgames/contracts';
import type { ConnectionOptions } from 'bullmq';
import pg from 'pg';
import { backoffDelay, sleep } from '../../backoff.js';
import type { BaseConfig } from '../../config.js';
import { type HousekeepingOptions, startHousekeeping } from '../../db/housekeeping.js';
import type { Logger } from '../../logger.js';
import { outboxFailuresTotal, outboxPending, outboxPublishedTotal } from '../../metrics.js';
import { type AmqpClient, createAmqpClient } from '../amqp/client.js';
import { queuesFor } from '../amqp/topology.js';
import { assertSchemaName, outboxChannel } from './outbox.js';
import { type ClaimedRow, createRowDelivery, type RowDelivery } from './row-delivery.js';

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
  /**
   * How long a wake-up waits before its pass (default 20 ms), so the rows committed meanwhile share its claim, its
   * publishes and its marking: at a lesson's rate rows come one by one, and a pass per row cost a claim and a mark
   * statement each (docs/decisions/0005-batch-linger-at-a-lessons-rate.md). Events reach their consumers that much later.
   */
  lingerMs?: number;
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

/** The relay's settings and state, shared by the functions below. */
interface RelayState {
  readonly pool: pg.Pool;
  readonly schema: string;
  readonly table: string;
  readonly logger: Logger;
  readonly batchSize: number;
  readonly pollIntervalMs: number;
  readonly lingerMs: number;
  readonly leaseSeconds: number;
  readonly delivery: RowDelivery;
  readonly stopping: AbortController;
  stopped: boolean;
  running: Promise<void> | null;
  rerun: boolean;
  listener: pg.Client | null;
  pendingCountedAt: number;
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
  const publishTimeoutMs = options.publishTimeoutMs ?? 30_000;
  const relay: RelayState = {
    pool,
    schema,
    table,
    logger,
    batchSize: options.batchSize ?? 100,
    pollIntervalMs: options.pollIntervalMs ?? 2_000,
    lingerMs: options.lingerMs ?? 20,
    leaseSeconds: Math.ceil((2 * publishTimeoutMs) / 1000),
    delivery: createRowDelivery({ schema, logger, amqp, bullmq, publishTimeoutMs }),
    stopping: new AbortController(),
    stopped: false,
    running: null,
    rerun: false,
    listener: null,
    pendingCountedAt: 0,
  };

  const poller = setInterval(() => void trigger(relay), relay.pollIntervalMs);
  const housekeeping = startHousekeeping(
    outboxHousekeeping({ pool, schema, logger, retentionDays: options.retentionDays }),
  );
  const listening = listen(relay, databaseUrl);

  return {
    drain: () => trigger(relay),
    async stop() {
      relay.stopped = true;
      relay.stopping.abort();
      clearInterval(poller);
      housekeeping.stop();
      await relay.listener?.end().catch(() => {});
      await listening;
      await relay.running;
      await relay.delivery.close();
      await ownAmqp?.close();
    },
  };
}

/**
 * Claims a batch for a lease in one short statement (SKIP LOCKED keeps replicas apart); nothing stays open while
 * the broker confirms, so Postgres ending a connection mid-publish costs at most a repeated publish.
 */
async function claimBatch(relay: RelayState): Promise<ClaimedRow[]> {
  const { table } = relay;
  const { rows } = await relay.pool.query<ClaimedRow>({
    name: `claim-outbox:${table}`,
    text: `UPDATE ${table} SET claimed_until = now() + make_interval(secs => $2)
      WHERE id IN (SELECT id FROM ${table}
                    WHERE published_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
                    ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, destination, topic, name, payload, request_id, traceparent, attempts, created_at`,
    values: [relay.batchSize, relay.leaseSeconds],
  });
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

/**
 * The second short transaction; retried within the lease, after which a republish is harmless anyway. Named
 * (prepared once per connection): marking a batch published runs after every batch.
 */
async function record(relay: RelayState, name: string, text: string, values: unknown[]): Promise<void> {
  const deadline = Date.now() + relay.leaseSeconds * 1000;
  for (let attempt = 0; ; attempt++) {
    try {
      await relay.pool.query({ name: `${name}:${relay.table}`, text, values });
      return;
    } catch (err) {
      if (Date.now() >= deadline || relay.stopped) throw err;
      relay.logger.warn({ err, attempt }, 'outbox bookkeeping failed; retrying');
      await sleep(backoffDelay(attempt, 200, 5_000), relay.stopping.signal);
    }
  }
}

async function processBatch(relay: RelayState): Promise<{ claimed: number; failed: number }> {
  const { schema, table } = relay;
  const rows = await claimBatch(relay);
  if (rows.length === 0) return { claimed: 0, failed: 0 };
  const outcomes = await Promise.allSettled(rows.map((row) => relay.delivery.deliver(row)));
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
      relay.logger.warn(
        { outboxId: row.id, attempts: row.attempts + 1, err: outcome.reason },
        'outbox publish failed',
      );
      await record(
        relay,
        'outbox-failed',
        `UPDATE ${table} SET attempts = attempts + 1, last_error = $2, claimed_until = NULL WHERE id = $1`,
        [row.id, message],
      );
    }
  }
  if (published.length > 0) {
    await record(
      relay,
      'outbox-published',
      `UPDATE ${table} SET published_at = now(), claimed_until = NULL WHERE id = ANY($1::uuid[])`,
      [published],
    );
  }
  return { claimed: rows.length, failed };
}

async function drainOnce(relay: RelayState): Promise<void> {
  for (;;) {
    if (relay.stopped) return;
    const { claimed, failed } = await processBatch(relay);
    // Failed rows wait for the next poll so a broker outage is not a hot loop.
    if (claimed < relay.batchSize || failed > 0) break;
  }
  // The pending gauge at most once per poll interval: under load a pass runs per few commits, and the count
  // would be one more query each time.
  if (Date.now() - relay.pendingCountedAt < relay.pollIntervalMs) return;
  relay.pendingCountedAt = Date.now();
  const { rows } = await relay.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${relay.table} WHERE published_at IS NULL`,
  );
  outboxPending.set({ schema: relay.schema }, Number(rows[0]?.n ?? 0));
}

/**
 * Coalesces wake-ups: a pass starts `lingerMs` after the first, at most one runs, and one more follows if something
 * arrived meanwhile.
 */
function trigger(relay: RelayState): Promise<void> {
  if (relay.stopped) return Promise.resolve();
  if (relay.running) {
    relay.rerun = true;
    return relay.running;
  }
  relay.running = (async () => {
    try {
      await sleep(relay.lingerMs, relay.stopping.signal);
      do {
        relay.rerun = false;
        await drainOnce(relay);
      } while (relay.rerun && !relay.stopped);
    } catch (err) {
      relay.logger.warn({ err }, 'outbox relay pass failed');
    } finally {
      relay.running = null;
    }
  })();
  return relay.running;
}

async function listen(relay: RelayState, databaseUrl: string): Promise<void> {
  const { logger } = relay;
  for (let attempt = 0; !relay.stopped; attempt++) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('error', () => {}); // errors while connecting are handled below
    try {
      await client.connect();
      client.on('notification', () => void trigger(relay));
      const lost = new Promise<void>((resolve) => {
        // `on`, not `once`: a second error on a dying client must not become an uncaught exception.
        client.on('error', (err) => {
          logger.warn({ err }, 'outbox listener connection failed');
          resolve();
        });
        client.once('end', () => resolve());
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(outboxChannel(relay.schema))}`);
      relay.listener = client;
      if (relay.stopped) break; // stop() ran while we were connecting: it could not end this client
      attempt = 0;
      void trigger(relay); // rows committed while we were not listening
      await lost;
    } catch (err) {
      logger.warn({ err }, 'outbox listener could not connect');
    } finally {
      if (relay.listener === client) relay.listener = null;
      await client.end().catch(() => {});
    }
    if (!relay.stopped) await sleep(backoffDelay(attempt), relay.stopping.signal);
  }
}
