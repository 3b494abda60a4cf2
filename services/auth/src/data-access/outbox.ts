import { MAIL_QUEUE, type MailJobName, USER_DELETED, type UserDeletedEvent } from '@mathgames/contracts';
import { outbox, type PoolClient } from '@mathgames/platform';

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
 * At erasure, in the deletion's transaction: the users' mail jobs (address, name) leave the outbox, published or
 * not (an unsent mail to a deleted account has no one to reach). Their `user.deleted.v1` rows stay: every service
 * must hear of the deletion, and they hold only the id.
 */
export async function forgetMailJobsOf(tx: PoolClient, userIds: readonly number[]): Promise<number> {
  const { rowCount } = await tx.query(
    `DELETE FROM auth.outbox WHERE destination = 'bullmq' AND payload->>'userId' = ANY ($1::text[])`,
    [userIds.map(String)],
  );
  return rowCount ?? 0;
}

/**
 * Published outbox rows are kept a day, not the relay's default week: mail payloads carry the raw link tokens (the
 * mail needs them), so they must not outlive their use in the database. The relay's housekeeping purges them.
 */
export const AUTH_OUTBOX_RETENTION_DAYS = 1;
