import pg from 'pg';
import type { Db } from '../db/db.js';
import { PermanentError } from '../failures.js';
import { assertSchemaName } from './outbox/outbox.js';

/** The claim statements prepared on each pool connection (the consumers of one process may share a pool). */
const preparedClaims = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * What opens a consumer's transactions: its claim statement's table and name, its keys' lock namespace, and with a
 * lock the statement reading which of the keys were erased (the schema's `erased_users`).
 */
export interface Claim {
  table: string;
  name: string;
  consumer: string;
  namespace: string;
  erased: { table: string; name: string } | null;
}

/**
 * The statements that open a consumer's transaction. The claim takes the advisory lock (namespace, key) of each key
 * in `keys`, in their order, then claims the event ids for the consumer, RETURNING those it claimed (the others were
 * applied before). The locks are the one-time filter's InitPlan, evaluated before the first row is inserted (the plan
 * shows it), so they cost no statement of their own. With a lock, the next statement reads which of the keys were
 * erased: a statement after the claim, so its snapshot, taken once the locks are held, sees an erasure that committed
 * while the claim waited for them. `EXECUTE`s, so they go with BEGIN in one round trip (simple protocol, literals
 * only: the ids are checked UUIDs, see eventIdOf, the keys integers), of statements prepared on the connection the
 * first time it claims there.
 */
export async function claimOn(
  client: pg.PoolClient,
  { table, name, consumer, namespace, erased }: Claim,
  ids: string[],
  keys: number[],
): Promise<string> {
  const prepared = preparedClaims.get(client) ?? new Set<string>();
  if (!prepared.has(name)) {
    await client.query(
      `PREPARE ${name} (text, uuid[], text, int[]) AS INSERT INTO ${table} (consumer, event_id) SELECT $1, unnest($2)
       WHERE (SELECT count(*) FROM (SELECT pg_advisory_xact_lock(hashtext($3), k) FROM unnest($4) k) locked) >= 0
       ON CONFLICT DO NOTHING RETURNING event_id`,
    );
    preparedClaims.set(client, prepared.add(name));
  }
  const claim = `EXECUTE ${name} (${pg.escapeLiteral(consumer)}, '{${ids.join(',')}}', ${pg.escapeLiteral(namespace)}, '{${keys.join(',')}}')`;
  if (!erased) return claim;
  if (!prepared.has(erased.name)) {
    await client.query(
      `PREPARE ${erased.name} (int[]) AS SELECT user_id FROM ${erased.table} WHERE user_id = ANY($1)`,
    );
    prepared.add(erased.name);
  }
  return `${claim}; EXECUTE ${erased.name} ('{${keys.join(',')}}')`;
}

/** What the opening statements answered: the event ids claimed (lower case) and the keys erased. */
export function openedWith(results: pg.QueryResult[]): { claimed: Set<string>; erased: Set<number> } {
  return {
    claimed: new Set(results[0]!.rows.map((r: { event_id: string }) => r.event_id.toLowerCase())),
    erased: new Set(results[1]?.rows.map((r: { user_id: number }) => r.user_id)),
  };
}

/** A per-user subscription's lock: the namespace of its advisory locks and each event's key (the user id). */
export interface KeyLock<Event> {
  namespace: string;
  key: (event: Event) => number;
}

/** The event's lock key (none without a lock); one that is no 32-bit integer is a bug the event cannot outlive. */
export function keyOf<Event>(lock: KeyLock<Event> | undefined, event: Event): number[] {
  if (!lock) return [];
  const key = lock.key(event);
  if (!Number.isInteger(key) || Math.abs(key) >= 2 ** 31)
    throw new PermanentError(`lock key ${key} is no int4`);
  return [key];
}

/** The consumer's claim in `schema` (a checked name: the statements' names are made of it, the tables quote it). */
export function claimOf<Event>({
  consumer,
  schema,
  lock,
}: {
  consumer: string;
  schema: string;
  lock?: KeyLock<Event> | undefined;
}): Claim {
  const quoted = assertSchemaName(schema);
  return {
    table: `${quoted}.processed_events`,
    name: `claim_events_${schema}`,
    consumer,
    namespace: lock?.namespace ?? '',
    erased: lock ? { table: `${quoted}.erased_users`, name: `erased_users_${schema}` } : null,
  };
}

/**
 * Records `userId` as erased in `schema`, in its erasure's transaction: from its commit on, the schema's per-user
 * consumers (`lock`) claim and skip that user's events instead of writing their rows again.
 */
export async function markUserErased(tx: Db, schema: string, userId: number): Promise<void> {
  await tx.query(
    `INSERT INTO ${assertSchemaName(schema)}.erased_users (user_id) VALUES ($1) ON CONFLICT DO NOTHING`,
    [userId],
  );
}
