import { type Pool, withTransaction } from '@mathgames/platform';
import { announceUserDeleted, forgetMailJobsOf } from '../data-access/outbox.js';
import { deleteUser } from '../data-access/pupils.js';
import { userDeletedEvent } from './events.js';

export interface LedgerEntry {
  userId: number;
  erasedAt: Date;
}

export interface ReplayOutcome {
  /** Ledger entries this database did not list yet (erasures after its backup). */
  missing: number;
  /** Of those, accounts the restore had brought back and that are erased again now. */
  erasedAgain: number[];
}

/**
 * After a restore, erases again every account the newest erasure ledger lists and the restored one does not
 * (docs/decisions/0045-erasure-ledger.md): the same transaction as an erasure (the account, its mail jobs, a
 * `user.deleted.v1` for every service's rows), plus the ledger row with its original time. Accounts created after
 * the backup are not in the restored data; their rows only join the ledger. The account ids move past every id
 * the ledger holds, so no new account takes the id of an erased one (a replayed deletion or an `erased_users` row
 * would otherwise hit it). Running it twice changes nothing the second time.
 */
export async function replayErasures(pool: Pool, ledger: readonly LedgerEntry[]): Promise<ReplayOutcome> {
  const { rows } = await pool.query<{ user_id: number }>('SELECT user_id FROM auth.erasure_ledger');
  const known = new Set(rows.map((r) => r.user_id));
  const missing = ledger.filter((entry) => !known.has(entry.userId));
  const erasedAgain: number[] = [];
  for (const entry of missing) {
    const erased = await withTransaction(pool, async (tx) => {
      const existed = await deleteUser(tx, entry.userId);
      if (existed) {
        await announceUserDeleted(tx, userDeletedEvent(entry.userId));
        await forgetMailJobsOf(tx, [entry.userId]);
      }
      // The trigger wrote the row with this moment's time; the ledger keeps the erasure's own.
      await tx.query(
        `INSERT INTO auth.erasure_ledger (user_id, erased_at) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET erased_at = EXCLUDED.erased_at`,
        [entry.userId, entry.erasedAt],
      );
      return existed;
    });
    if (erased) erasedAgain.push(entry.userId);
  }
  const highest = Math.max(0, ...ledger.map((entry) => entry.userId));
  await pool.query(
    `SELECT setval(seq, GREATEST($1::bigint, COALESCE(pg_sequence_last_value(seq), 0),
       (SELECT COALESCE(max(id), 0) FROM auth.users), 1))
     FROM (SELECT pg_get_serial_sequence('auth.users', 'id')::regclass AS seq) s`,
    [highest],
  );
  return { missing: missing.length, erasedAgain };
}

/** The ledger as `COPY auth.erasure_ledger TO STDOUT WITH (FORMAT csv)` writes it: `id,time` lines. */
export function parseLedger(csv: string): LedgerEntry[] {
  const entries = new Map<number, LedgerEntry>();
  for (const entry of csv
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line, n) => {
      const [id, time] = line.split(',', 2);
      const userId = Number(id);
      const erasedAt = new Date(time ?? '');
      if (!Number.isInteger(userId) || userId <= 0 || Number.isNaN(erasedAt.getTime()))
        throw new Error(`erasure ledger line ${n + 1} is not "id,time"`);
      return { userId, erasedAt };
    }))
    if (!entries.has(entry.userId)) entries.set(entry.userId, entry);
  return [...entries.values()];
}
