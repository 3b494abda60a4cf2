import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { type BaseConfig, loadConfig } from '../config.js';
import { createPool, ensureDatabase, quoteIdent, withDatabase } from '../db/db.js';
import { runMigrations } from '../db/migrations.js';
import { createVhost, deleteVhost, vhostUrl } from './rabbitmq-vhost.js';

export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789abcdef';
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdefg';

export interface TestEnvironmentOptions {
  /** Run the repo's migrations on the fresh database (default true). */
  migrate?: boolean;
  /** Create a fresh RabbitMQ vhost (default true). */
  amqp?: boolean;
  /** Extra variables merged into env (and config). */
  env?: Record<string, string>;
}

export interface TestEnvironment {
  /** DATABASE_URL of a fresh database, unique REDIS_PREFIX, AMQP_URL of a fresh vhost, test secrets. */
  env: Record<string, string>;
  config: BaseConfig;
  pool: pg.Pool;
  /** Name of the RabbitMQ vhost (for closeVhostConnections), or null when amqp is false. */
  vhost: string | null;
  cleanup(): Promise<void>;
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const DEFAULT_AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';

/**
 * Isolated real services for one test file: its own database, Redis key prefix and RabbitMQ vhost, so files
 * run in parallel and runs never see each other's data. Uses DATABASE_URL / REDIS_URL / AMQP_URL when set
 * (CI sets them), else the local defaults. There is no Docker here, so no testcontainers branch: with no URL
 * set the local services are used, and `.ci/run` starts them.
 */
export async function createTestEnvironment(options: TestEnvironmentOptions = {}): Promise<TestEnvironment> {
  const id = randomBytes(6).toString('hex');
  const baseDatabaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  const baseAmqpUrl = process.env.AMQP_URL || DEFAULT_AMQP_URL;

  const databaseUrl = withDatabase(baseDatabaseUrl, `mg_test_${id}`);
  const redisPrefix = `mgtest:${id}:`;
  const vhost = options.amqp === false ? null : `mg_test_${id}`;

  const cleanups: Array<() => Promise<void>> = [];
  let closePool: (() => Promise<void>) | undefined;
  const cleanup = async () => {
    await closePool?.().catch(() => {});
    closePool = undefined;
    await Promise.allSettled(cleanups.splice(0).map((step) => step()));
  };

  try {
    // The vhost (rabbitmqctl, ~2.5 s here) and the database (~0.3 s) are independent: prepare them together.
    const database = (async () => {
      await ensureDatabase(databaseUrl);
      cleanups.push(() => dropDatabase(databaseUrl));
      if (options.migrate !== false) await runMigrations({ databaseUrl });
    })();
    const broker = (async () => {
      if (!vhost) return;
      await createVhost(baseAmqpUrl, vhost);
      cleanups.push(() => deleteVhost(baseAmqpUrl, vhost));
    })();
    cleanups.push(() => deleteKeys(redisUrl, redisPrefix));
    const outcomes = await Promise.allSettled([database, broker]);
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;

    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      AMQP_URL: vhost ? vhostUrl(baseAmqpUrl, vhost) : baseAmqpUrl,
      SESSION_SECRET: TEST_SESSION_SECRET,
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      PUBLIC_URL: 'http://localhost:8080',
      TIME_ZONE: 'Europe/Istanbul',
      ...options.env,
    };
    const config = loadConfig({}, env);
    const pool = createPool(databaseUrl, { max: 5 });
    closePool = () => pool.end();
    return { env, config, pool, vhost, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  const pg = (await import('pg')).default;
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    // FORCE ends connections a test forgot to close (Postgres 13+).
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(decodeURIComponent(name))} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
