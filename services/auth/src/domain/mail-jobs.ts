import { EVENT_TYPES, type Lang, type MailJob } from '@mathgames/contracts';
import { type PoolClient, sealMailToken } from '@mathgames/platform';
import { queueMailJob } from '../data-access/outbox.js';
import { eventBase as base } from './events.js';

type UserFields = { userId: number; email: string; username: string; lang: Lang };
type IssuedToken = { token: string; expiresAt: Date };

/**
 * Builds the mail jobs and queues them (data-access `queueMailJob`) in the same transaction as the change they
 * announce. Tokens are sealed with MAIL_TOKEN_KEY (only auth and the mail worker hold it), so the outbox row and
 * the BullMQ job never carry a usable link.
 */
export class MailJobs {
  constructor(private readonly mailTokenKey: string) {}

  private seal(token: IssuedToken): { sealed: string; expiresAt: string } {
    return {
      sealed: sealMailToken(token.token, this.mailTokenKey),
      expiresAt: token.expiresAt.toISOString(),
    };
  }

  private queue(client: PoolClient, job: MailJob): Promise<string> {
    return queueMailJob(client, job.name, job.payload);
  }

  verification(client: PoolClient, user: UserFields, token: IssuedToken): Promise<string> {
    const { sealed, expiresAt } = this.seal(token);
    return this.queue(client, {
      name: 'verify-email',
      payload: { ...base(), type: EVENT_TYPES.userRegistered, ...user, verificationToken: sealed, expiresAt },
    });
  }

  reset(client: PoolClient, user: UserFields, token: IssuedToken): Promise<string> {
    const { sealed, expiresAt } = this.seal(token);
    return this.queue(client, {
      name: 'reset-password',
      payload: {
        ...base(),
        type: EVENT_TYPES.userPasswordResetRequested,
        ...user,
        resetToken: sealed,
        expiresAt,
      },
    });
  }

  alreadyRegistered(client: PoolClient, user: UserFields): Promise<string> {
    return this.queue(client, {
      name: 'email-already-registered',
      payload: { ...base(), type: EVENT_TYPES.userEmailAlreadyRegistered, ...user },
    });
  }

  /** `user.email` is the requested new address: the confirmation link goes there. */
  confirmEmailChange(client: PoolClient, user: UserFields, token: IssuedToken): Promise<string> {
    const { sealed, expiresAt } = this.seal(token);
    return this.queue(client, {
      name: 'confirm-email-change',
      payload: {
        ...base(),
        type: EVENT_TYPES.userEmailChangeRequested,
        ...user,
        changeToken: sealed,
        expiresAt,
      },
    });
  }

  /** The change took effect: the old address gets a notice with the way back. */
  emailChanged(
    client: PoolClient,
    user: UserFields,
    previousEmail: string,
    revert: IssuedToken,
  ): Promise<string> {
    const { sealed, expiresAt } = this.seal(revert);
    return this.queue(client, {
      name: 'email-changed',
      payload: {
        ...base(),
        type: EVENT_TYPES.userEmailChanged,
        ...user,
        previousEmail,
        revertToken: sealed,
        expiresAt,
      },
    });
  }

  passwordChanged(client: PoolClient, user: UserFields): Promise<string> {
    return this.queue(client, {
      name: 'password-changed',
      payload: { ...base(), type: EVENT_TYPES.userPasswordChanged, ...user },
    });
  }
}
