import type { HousekeepingOptions, Logger, Pool } from '@mathgames/platform';

/**
 * A sign-in place (a keyed hash of an address bucket, with its wrong-guess counts) goes 30 days after its window
 * last started (made, or a wrong guess after a quiet window), as long as the mark of a known device: a school's
 * place is marked "inside" again by the next pupil who signs in there.
 */
export const SIGN_IN_PLACE_RETENTION_DAYS = 30;
/**
 * A class's ticket epoch goes a day after it was set: join tickets live 10 minutes
 * (JOIN_TICKET_MAX_AGE_SECONDS), so by then every ticket it retires has expired by itself.
 */
export const TICKET_EPOCH_RETENTION_DAYS = 1;

/** The purges of the class sign-in tables (platform housekeeping: one replica at a time, in batches). */
export function signInHousekeeping(pool: Pool, logger: Logger): HousekeepingOptions[] {
  return [
    {
      pool,
      logger,
      schema: 'auth',
      rules: [{ table: 'class_sign_in_places', column: 'window_start' }],
      retentionDays: SIGN_IN_PLACE_RETENTION_DAYS,
    },
    {
      pool,
      logger,
      schema: 'auth',
      rules: [{ table: 'class_ticket_epochs', column: 'tickets_valid_after' }],
      retentionDays: TICKET_EPOCH_RETENTION_DAYS,
    },
  ];
}
