import type { Db } from './db.js';

/**
 * Deletes outbox rows published more than a day ago. Mail payloads carry the raw link tokens (the mail needs
 * them), so they must not outlive their use in the database; the table also stays small.
 */
export async function purgePublishedOutbox(db: Db, olderThanHours = 24): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM auth.outbox WHERE published_at IS NOT NULL AND published_at < now() - make_interval(hours => $1)`,
    [olderThanHours],
  );
  return rowCount ?? 0;
}
