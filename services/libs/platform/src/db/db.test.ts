import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment.js';
import { createPool, type Pool } from './db.js';

/** Postgres backends of this database that belong to the pool under test (named by application_name). */
async function backends(environment: TestEnvironment, name: string): Promise<number> {
  const { rows } = await environment.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
    [name],
  );
  return rows[0]!.n;
}

describe('createPool', () => {
  let environment: TestEnvironment;
  const pools: Pool[] = [];

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false, amqp: false });
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await environment?.cleanup();
  });

  /** A pool under test, a burst of `burst` statements at once on it (each holds its connection 50 ms). */
  async function burstOn(name: string, options: { max: number }, burst: number): Promise<Pool> {
    const url = new URL(environment.env.DATABASE_URL!);
    url.searchParams.set('application_name', name);
    const pool = createPool(url.href, { ...options, idleTimeoutMillis: 50 });
    pools.push(pool);
    await Promise.all(Array.from({ length: burst }, () => pool.query('SELECT pg_sleep(0.05)')));
    return pool;
  }

  it('keeps every connection a burst opened once the burst is over, past the idle timeout', async () => {
    const pool = await burstOn('pool-keeps-all', { max: 4 }, 4);
    expect(pool.totalCount).toBe(4);
    await sleep(300);
    expect(pool.totalCount).toBe(4);
    expect(pool.idleCount).toBe(4);
    expect(await backends(environment, 'pool-keeps-all')).toBe(4);
  });
});
