import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createAmqpClient } from '../messaging/amqp/client.js';
import { createTestEnvironment } from './test-environment.js';

const run = promisify(execFile);

describe('createTestEnvironment', () => {
  it('gives each file its own migrated database, Redis prefix and vhost, and removes all of them on cleanup', async () => {
    const started = performance.now();
    const environment = await createTestEnvironment();
    const createdMs = Math.round(performance.now() - started);
    const { env, pool } = environment;

    expect(env.DATABASE_URL).toMatch(/\/mg_test_[0-9a-f]{12}$/);
    expect(env.REDIS_PREFIX).toMatch(/^mgtest:[0-9a-f]{12}:$/);
    expect(env.AMQP_URL).toMatch(/\/mg_test_[0-9a-f]{12}$/);
    const migrated = await pool.query('SELECT count(*)::int AS n FROM public.pgmigrations');
    expect(migrated.rows[0].n).toBeGreaterThan(0);

    const redis = new Redis(env.REDIS_URL!);
    await redis.set(`${env.REDIS_PREFIX}probe`, '1');
    const amqp = createAmqpClient({ url: env.AMQP_URL!, logger: createLogger('test', 'silent') });
    await amqp.ready();
    await amqp.close();

    const cleanupStarted = performance.now();
    await environment.cleanup();
    const cleanupMs = Math.round(performance.now() - cleanupStarted);
    console.info(`test environment: create ${createdMs} ms, cleanup ${cleanupMs} ms`);

    expect(await redis.exists(`${env.REDIS_PREFIX}probe`)).toBe(0);
    redis.disconnect();
    const admin = new pg.Client({ connectionString: env.DATABASE_URL!.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    const name = new URL(env.DATABASE_URL!).pathname.slice(1);
    const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    await admin.end();
    expect(left.rowCount).toBe(0);
    const { stdout } = await run('rabbitmqctl', ['list_vhosts', '-q', '--no-table-headers']);
    expect(stdout.split('\n')).not.toContain(environment.vhost);
  });
});
