import { randomUUID } from 'node:crypto';
import {
  EVENT_TYPES,
  type Lang,
  MAIL_QUEUE,
  type MailJobName,
  type UserEmailAlreadyRegisteredEvent,
  type UserEmailChangedEvent,
  type UserPasswordResetRequestedEvent,
  type UserRegisteredEvent,
} from '@mathgames/contracts';
import { outbox, type PoolClient } from '@mathgames/platform';

type UserFields = { userId: number; email: string; username: string; lang: Lang };

type MailJob =
  | { name: 'verify-email'; payload: UserRegisteredEvent }
  | { name: 'reset-password'; payload: UserPasswordResetRequestedEvent }
  | { name: 'email-already-registered'; payload: UserEmailAlreadyRegisteredEvent }
  | { name: 'email-changed'; payload: UserEmailChangedEvent };

/**
 * Queues a mail in the same transaction as the change it announces. The event id doubles as the outbox id,
 * which the relay uses as BullMQ job id: a relay retry can never queue the same mail twice.
 */
const authOutbox = outbox('auth');

async function queueMail(client: PoolClient, job: MailJob): Promise<string> {
  return authOutbox.enqueue(client, MAIL_QUEUE, job.name satisfies MailJobName, job.payload);
}

const base = () => ({ id: randomUUID(), createdAt: new Date().toISOString() });

export function queueVerificationMail(
  client: PoolClient,
  user: UserFields,
  token: { token: string; expiresAt: Date },
): Promise<string> {
  return queueMail(client, {
    name: 'verify-email',
    payload: {
      ...base(),
      type: EVENT_TYPES.userRegistered,
      ...user,
      verificationToken: token.token,
      expiresAt: token.expiresAt.toISOString(),
    },
  });
}

export function queueResetMail(
  client: PoolClient,
  user: UserFields,
  token: { token: string; expiresAt: Date },
): Promise<string> {
  return queueMail(client, {
    name: 'reset-password',
    payload: {
      ...base(),
      type: EVENT_TYPES.userPasswordResetRequested,
      ...user,
      resetToken: token.token,
      expiresAt: token.expiresAt.toISOString(),
    },
  });
}

export function queueAlreadyRegisteredMail(client: PoolClient, user: UserFields): Promise<string> {
  return queueMail(client, {
    name: 'email-already-registered',
    payload: { ...base(), type: EVENT_TYPES.userEmailAlreadyRegistered, ...user },
  });
}

export function queueEmailChangedMail(
  client: PoolClient,
  user: UserFields,
  previousEmail: string | null,
  token: { token: string; expiresAt: Date },
): Promise<string> {
  return queueMail(client, {
    name: 'email-changed',
    payload: {
      ...base(),
      type: EVENT_TYPES.userEmailChanged,
      ...user,
      previousEmail,
      verificationToken: token.token,
      expiresAt: token.expiresAt.toISOString(),
    },
  });
}
