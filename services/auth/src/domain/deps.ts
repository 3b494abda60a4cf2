import type { Logger, Pool } from '@mathgames/platform';
import { AppError } from '@mathgames/platform';
import type { AbuseLimits, LimitExceeded } from './abuse-limits.js';
import type { BackgroundTasks } from './background.js';
import type { MailJobs } from './mail-jobs.js';
import type { PicturePasswords } from './passwords.js';

/** The dependency bag: what every use case needs, built once by createAuthService. */
export type AuthDeps = {
  pool: Pool;
  limits: AbuseLimits;
  background: BackgroundTasks;
  mail: MailJobs;
  /** Hashes and checks picture passwords with PICTURE_KEY (docs/decisions/0055-keyed-picture-hash.md). */
  pictures: PicturePasswords;
  logger: Logger;
  /** Ends every browser session of a user (the gateway's session store), e.g. when the account is deleted. */
  endSessions: (userId: number) => Promise<void>;
  /** Removes deleted users' mail jobs (which hold their address and name) from BullMQ; how many went. */
  forgetMailJobs: (userIds: readonly number[]) => Promise<number>;
  /** The known-device mark of an e-mail and address (`knownDeviceMarker`): neither readable in Redis. */
  deviceMark: (email: string, ip: string) => string;
};

/** 429 with the wait time; the HTTP layer adds Retry-After and `retryAfter` to the body. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', 'rate_limited', undefined, { vars: { seconds: retryAfterSeconds } });
  }
}

export function throwIfLimited(result: LimitExceeded | null): void {
  if (result) throw new RateLimitedError(result.retryAfterSeconds);
}
