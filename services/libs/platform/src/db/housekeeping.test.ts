import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment.js';
import { createMessagingTables } from '../testing/test-tables.js';
import { purgeExpired } from './housekeeping.js';

const SCHEMA = 'housekeepingtest';
const logger = createLogger('housekeeping-test', 'silent');

describe('housekeeping', () => {
  let environment: TestEnvironment;

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false, amqp: false });
    await createMessagingTables(environment.pool, SCHEMA);
  });
  afterAll(() => environment?.cleanup());

  async function outboxRow(createdDaysAgo: number, publishedDaysAgo: number | null): Promise<string> {
    const id = randomUUID();
    await environment.pool.query(
      `INSERT INTO ${SCHEMA}.outbox (id, destination, topic, name, payload, created_at, published_at)
       VALUES ($1, 'amqp', 't', 'n', '{}', now() - make_interval(days => $2),
               CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(days => $3::int) END)`,
      [id, createdDaysAgo, publishedDaysAgo],
    );
    return id;
  }

  async function processed(daysAgo: number): Promise<string> {
    const id = randomUUID();
    await environment.pool.query(
      `INSERT INTO ${SCHEMA}.processed_events (consumer, event_id, processed_at)
       VALUES ('c', $1, now() - make_interval(days => $2))`,
      [id, daysAgo],
    );
    return id;
  }

  it('purges published outbox rows and processed events past the retention window, and nothing else', async () => {
    const oldPublished = await outboxRow(9, 8);
    const recentPublished = await outboxRow(2, 1);
    // Never published (a long broker outage): kept whatever its age, the relay still owes it.
    const oldUnpublished = await outboxRow(30, null);
    const oldProcessed = await processed(8);
    const recentProcessed = await processed(6);

    const deleted = await purgeExpired({
      pool: environment.pool,
      schema: SCHEMA,
      rules: [
        { table: 'outbox', column: 'published_at' },
        { table: 'processed_events', column: 'processed_at' },
      ],
      retentionDays: 7,
      logger,
      batchSize: 1,
    });
    expect(deleted).toBe(2);
    const outbox = await environment.pool.query(`SELECT id FROM ${SCHEMA}.outbox ORDER BY created_at`);
    expect(outbox.rows.map((r) => r.id)).toEqual([oldUnpublished, recentPublished]);
    const events = await environment.pool.query(`SELECT event_id FROM ${SCHEMA}.processed_events`);
    expect(events.rows.map((r) => r.event_id)).toEqual([recentProcessed]);
    expect(oldPublished).not.toEqual(oldProcessed);
  });

  /** One purge of this schema's published outbox rows older than a week. */
  const purgeOutbox = () =>
    purgeExpired({
      pool: environment.pool,
      schema: SCHEMA,
      rules: [{ table: 'outbox', column: 'published_at' }],
      retentionDays: 7,
      logger,
    });

  it('lets one replica purge at a time (advisory lock): the other skips', async () => {
    await outboxRow(9, 8);
    const holder = await environment.pool.connect();
    try {
      await holder.query('BEGIN');
      // The same key purgeExpired takes for this schema's outbox.
      const { createHash } = await import('node:crypto');
      const key = createHash('sha256').update(`housekeeping:${SCHEMA}.outbox`).digest().readBigInt64BE(0);
      await holder.query('SELECT pg_advisory_xact_lock($1)', [key.toString()]);
      const skipped = await purgeOutbox();
      expect(skipped).toBe(0);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    const done = await purgeOutbox();
    expect(done).toBe(1);
  });
});
