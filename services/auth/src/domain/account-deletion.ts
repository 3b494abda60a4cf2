import { AppError, withTransaction } from '@mathgames/platform';
import { announceUserDeleted, forgetMailJobsOf } from '../data-access/outbox.js';
import { deleteUser, pupilsOfTeacher } from '../data-access/pupils.js';
import { findUserById } from '../data-access/users.js';
import { type AuthDeps, throwIfLimited } from './deps.js';
import { userDeletedEvent } from './events.js';
import { verifyPassword } from './passwords.js';

/**
 * A user deletes their own account after typing their password again. A teacher's pupils go with them (their
 * accounts are the teacher's to keep); every deletion is announced (`user.deleted.v1`) in the same transaction, so
 * each service erases its rows (the classes-worker drops the teacher's classes), then every session ends. The mail
 * jobs that hold their address and name leave the outbox in that transaction and BullMQ after it.
 * Pupils cannot: their teacher removes them.
 */
export async function deleteOwnAccount(ctx: AuthDeps, userId: number, password: string, ip: string) {
  const user = await findUserById(ctx.pool, userId);
  if (!user) throw new AppError(401, 'unauthorized', 'unauthorized');
  if (user.role === 'pupil')
    throw new AppError(403, 'pupil_self_delete_forbidden', 'pupil_self_delete_forbidden');
  // Wrong passwords share the login budget of this account and address: a stolen session cannot guess freely.
  const budget = { loginAccountIp: `${user.email ?? user.username}|${ip}` };
  throwIfLimited(await ctx.limits.check(budget));
  if (!(await verifyPassword(user.passwordHash, password))) {
    await ctx.limits.consume(budget);
    throw new AppError(400, 'account_password_wrong', 'account_password_wrong', 'password');
  }
  const gone = await withTransaction(ctx.pool, async (tx) => {
    const pupils = user.role === 'teacher' ? await pupilsOfTeacher(tx, userId) : [];
    for (const pupilId of pupils) {
      await deleteUser(tx, pupilId);
      await announceUserDeleted(tx, userDeletedEvent(pupilId));
    }
    await deleteUser(tx, userId);
    await announceUserDeleted(tx, userDeletedEvent(userId));
    await forgetMailJobsOf(tx, [...pupils, userId]);
    return [...pupils, userId];
  });
  for (const id of gone) await ctx.endSessions(id);
  // After the commit, so a rolled-back deletion keeps its mails. A failure leaves jobs that expire (24 h sent,
  // 30 days failed): logged, never a failed deletion, since the account is already gone.
  await ctx
    .forgetMailJobs(gone)
    .catch((err: unknown) =>
      ctx.logger.error({ err, users: gone.length }, 'mail jobs not removed at erasure'),
    );
}
