import type pg from 'pg';
import type { KeyLock } from '../messaging/claim.js';
import { waitFor } from './wait-for.js';

/** A subscription's part that applies an event: its handler and the lock of the event's key (worker's subscribe). */
interface Applying<Event> {
  handle: (event: Event, tx: pg.PoolClient) => Promise<unknown>;
  lock?: KeyLock<Event> | undefined;
}

/**
 * Takes the advisory lock (`namespace`, `key`) until the transaction ends: the lock the idempotent consumer's claim
 * takes for each key of its transaction (its test shows a claim waiting for this one).
 */
export async function lockForTransaction(tx: pg.PoolClient, namespace: string, key: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [namespace, key]);
}

/**
 * Two transactions of one key's events at once, as two replicas of a consumer (or a batch and an event retried
 * alone) run them when a device sends the games it kept offline: each opened as the idempotent consumer opens it
 * (the subscription's key lock first, when it declares one), the first applies `first`, the second applies
 * `second` (and must wait for the first), then the first goes on to `third`. Both commit, or the first error (a
 * deadlock: `40P01`) is thrown after both rolled back. For handlers whose rows of one key differ by kind (topic,
 * outcome), so that `second` and `third` touch rows the first event did not.
 */
export async function applyInterleaved<Event>(
  pool: pg.Pool,
  { handle, lock }: Applying<Event>,
  [first, second, third]: readonly [Event, Event, Event],
): Promise<void> {
  const one = await pool.connect();
  const other = await pool.connect();
  const open = async (tx: pg.PoolClient, event: Event) => {
    await tx.query('BEGIN');
    if (lock) await lockForTransaction(tx, lock.namespace, lock.key(event));
  };
  try {
    await open(one, first);
    await handle(first, one);
    const otherDone = open(other, second)
      .then(() => handle(second, other))
      .then(
        () => null,
        (err: unknown) => err,
      );
    await waitFor(async () => (await lockWaits(pool)) === 1, {
      message: 'the second transaction never waited for the first',
    });
    const oneError = await handle(third, one).then(
      () => null,
      (err: unknown) => err,
    );
    await one.query(oneError ? 'ROLLBACK' : 'COMMIT');
    const otherError = await otherDone;
    await other.query(otherError ? 'ROLLBACK' : 'COMMIT');
    if (oneError ?? otherError) throw oneError ?? otherError;
  } finally {
    // Closed, not returned: a failure above may leave either one inside its transaction.
    one.release(true);
    other.release(true);
  }
}

/**
 * How many of this database's connections wait for a lock now; `advisory`: for an advisory lock only (a key's lock
 * that a consumer's claim takes), not a row's.
 */
export async function lockWaits(pool: pg.Pool, kind?: 'advisory'): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND ($1::text IS NULL OR wait_event = $1)`,
    [kind ?? null],
  );
  return rows[0]!.n;
}
