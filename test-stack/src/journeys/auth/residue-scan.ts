import type { Pool } from '@mathgames/platform';
import { listQueues, peekQueue } from '@mathgames/platform/testing';
import { Redis } from 'ioredis';

/** One place a person's data was found: where, and which of their values. */
export interface Residue {
  where: string;
  found: string[];
}

const matches = (text: string, needles: readonly string[]) => {
  const lower = text.toLowerCase();
  return needles.filter((n) => lower.includes(n.toLowerCase()));
};

/** Every row of every table in every schema but the catalogues, read whole as text (all its text, JSON and more). */
export async function scanPostgres(pool: Pool, needles: readonly string[]): Promise<Residue[]> {
  const { rows: tables } = await pool.query<{ schema: string; table: string }>(
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1, 2`,
  );
  const residue: Residue[] = [];
  for (const { schema, table } of tables) {
    const quoted = `"${schema.replaceAll('"', '""')}"."${table.replaceAll('"', '""')}"`;
    const { rows } = await pool.query<{ row: string }>(
      `SELECT t::text AS row FROM ${quoted} t WHERE lower(t::text) LIKE ANY ($1)`,
      [
        needles.map(
          (n) =>
            `%${n.toLowerCase().replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`,
        ),
      ],
    );
    for (const { row } of rows)
      residue.push({
        where: `postgres ${schema}.${table}: ${row.slice(0, 160)}`,
        found: matches(row, needles),
      });
  }
  return residue;
}

/** The text of a Redis value of any type (BullMQ jobs are hashes, sessions strings, limits strings or sorted sets). */
async function redisValue(redis: Redis, key: string): Promise<string> {
  const type = await redis.type(key);
  switch (type) {
    case 'string':
      return (await redis.getBuffer(key))?.toString('latin1') ?? '';
    case 'hash':
      return JSON.stringify(await redis.hgetall(key));
    case 'list':
      return JSON.stringify(await redis.lrange(key, '0', '-1'));
    case 'set':
      return JSON.stringify(await redis.smembers(key));
    case 'zset':
      return JSON.stringify(await redis.zrange(key, '0', '-1'));
    case 'stream':
      return JSON.stringify(await redis.xrange(key, '-', '+'));
    default:
      return '';
  }
}

/** Every key under the stack's Redis prefix (BullMQ's `<prefix>bull:` too): each key's name and its value. */
export async function scanRedis(
  redisUrl: string,
  prefix: string,
  needles: readonly string[],
): Promise<Residue[]> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  try {
    const residue: Residue[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', '500');
      cursor = next;
      for (const key of keys) {
        const inKey = matches(key, needles);
        const inValue = matches(await redisValue(redis, key), needles);
        const kind = key.includes(':bull:') || key.startsWith(`${prefix}bull:`) ? 'BullMQ job' : 'key';
        if (inKey.length > 0) residue.push({ where: `redis ${kind} name ${key}`, found: inKey });
        if (inValue.length > 0) residue.push({ where: `redis ${kind} value of ${key}`, found: inValue });
      }
    } while (cursor !== '0');
    return residue;
  } finally {
    redis.disconnect();
  }
}

/**
 * Every RabbitMQ queue of the vhost (listed by the broker, so a queue missing from the catalogue counts too): each
 * ready message is read and handed back.
 */
export async function scanRabbitMq(
  amqpUrl: string,
  vhost: string,
  needles: readonly string[],
): Promise<Residue[]> {
  const residue: Residue[] = [];
  for (const queue of await listQueues(vhost)) {
    for (const text of await peekQueue(amqpUrl, queue)) {
      const found = matches(text, needles);
      if (found.length > 0) residue.push({ where: `rabbitmq ${queue}: ${text.slice(0, 160)}`, found });
    }
  }
  return residue;
}
