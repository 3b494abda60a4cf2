import type pg from 'pg';
import { waitFor } from './wait-for.js';

/**
 * Two transactions of one key's events at once, as two replicas of a consumer (or a batch and an event retried
 * alone) run them when a device sends the games it kept offline: the first applies `first`, the second applies
 * `second` (and must wait for the first), then the first goes on to `third`. Both commit, or the first error (a
 * deadlock: `40P01`) is thrown after both rolled back. For handlers whose rows of one key differ by kind (topic,
 * outcome), so that `second` and `third` touch rows the first event did not.
 */
export async function applyInterleaved<Event>(
  pool: pg.Pool,
  handle: (event: Event, tx: pg.PoolClient) => Promise<unknown>,
  [first, second, third]: readonly [Event, Event, Event],
): Promise<void> {
  const one = await pool.connect();
  const other = await pool.connect();
  try {
    await one.query('BEGIN');
    await other.query('BEGIN');
    await handle(first, one);
    const otherDone = handle(second, other).then(
      () => null,
      (err: unknown) => err,
    );
    await waitFor(
      async () =>
        (
          await pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n === 1,
      { message: 'the second transaction never waited for the first' },
    );
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
