import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../logger.js';
import { assertSchemaName } from '../messaging/outbox/outbox.js';
import { housekeepingDeletedTotal } from '../metrics.js';
import { withTransaction } from './db.js';

export interface PurgeRule {
  /** Table in the schema, e.g. `outbox` or `processed_events`. */
  table: string;
  /** Only rows whose timestamp column is set and older than the retention window go. */
  column: string;
}

export interface HousekeepingOptions {
  pool: pg.Pool;
  schema: string;
  rules: readonly PurgeRule[];
  retentionDays: number;
  logger: Logger;
  /** How often a replica tries; only the one holding the advisory lock purges. */
  intervalMs?: number;
  batchSize?: number;
}

/** A stable 64-bit advisory lock key per schema and purpose, so replicas of one deployable agree on it. */
function lockKey(name: string): bigint {
  return createHash('sha256').update(name).digest().readBigInt64BE(0);
}

/**
 * Deletes rows past the retention window in small batches. A timer in each replica rather than a scheduled job:
 * these workers have Postgres and no Redis, and a transaction-scoped advisory lock lets exactly one replica purge
 * a schema at a time without any other coordination.
 */
export async function purgeExpired(options: HousekeepingOptions): Promise<number> {
  const schema = assertSchemaName(options.schema);
  const batchSize = options.batchSize ?? 5_000;
  let total = 0;
  for (const rule of options.rules) {
    const table = `${schema}.${assertSchemaName(rule.table)}`;
    const column = assertSchemaName(rule.column);
    for (;;) {
      const deleted = await withTransaction(options.pool, async (client) => {
        const { rows } = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_xact_lock($1) AS locked',
          [lockKey(`housekeeping:${options.schema}.${rule.table}`).toString()],
        );
        if (!rows[0]?.locked) return 0;
        const result = await client.query(
          `DELETE FROM ${table} WHERE ctid IN (
             SELECT ctid FROM ${table} WHERE ${column} < now() - make_interval(days => $1) LIMIT $2)`,
          [options.retentionDays, batchSize],
        );
        return result.rowCount ?? 0;
      });
      total += deleted;
      if (deleted > 0) housekeepingDeletedTotal.inc({ table: `${options.schema}.${rule.table}` }, deleted);
      if (deleted < batchSize) break;
    }
  }
  if (total > 0)
    options.logger.info({ schema: options.schema, deleted: total }, 'housekeeping purged old rows');
  return total;
}

export function startHousekeeping(options: HousekeepingOptions): { stop(): void } {
  const run = () =>
    purgeExpired(options).catch((err: unknown) =>
      options.logger.warn({ err, schema: options.schema }, 'housekeeping failed; will try again'),
    );
  const timer = setInterval(run, options.intervalMs ?? 3_600_000);
  timer.unref();
  const first = setTimeout(run, 10_000);
  first.unref();
  return {
    stop() {
      clearInterval(timer);
      clearTimeout(first);
    },
  };
}
