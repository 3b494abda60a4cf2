/** What other packages' tests reach inside auth for (`@mathgames/auth/testing`). */
import { createLogger, outboxHousekeeping, type Pool, purgeExpired } from '@mathgames/platform';
import { AUTH_OUTBOX_RETENTION_DAYS } from '../data-access/outbox.js';

export { AbuseLimits } from '../domain/abuse-limits.js';
export { hashPassword, PicturePasswords } from '../domain/passwords.js';
export { processPhoto } from '../domain/photos.js';

/** One pass of the auth relay's own outbox purge, now rather than on the relay's timer. */
export function purgePublishedOutbox(pool: Pool): Promise<number> {
  const logger = createLogger('auth-outbox-purge', 'silent');
  return purgeExpired(
    outboxHousekeeping({ pool, schema: 'auth', logger, retentionDays: AUTH_OUTBOX_RETENTION_DAYS }),
  );
}
