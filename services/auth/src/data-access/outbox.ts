import { MAIL_QUEUE, type MailJobName, USER_DELETED, type UserDeletedEvent } from '@mathgames/contracts';
import { type Db, outbox, type PoolClient } from '@mathgames/platform';

const authOutbox = outbox('auth');

/** Writes `user.deleted.v1` to the outbox in the caller's transaction (the relay publishes it after commit). */
export function announceUserDeleted(tx: PoolClient, event: UserDeletedEvent): Promise<string> {
  return authOutbox.publish(tx, USER_DELETED, event);
}

/**
 * Writes a mail job to the outbox in the caller's transaction. The event id doubles as the outbox id, which the
 * relay uses as BullMQ job id: a relay retry can never queue the same mail twice.
 */
export function queueMailJob(tx: PoolClient, name: MailJobName, payload: { id: string }): Promise<string> {
  return authOutbox.enqueue(tx, MAIL_QUEUE, name, payload);
}

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
