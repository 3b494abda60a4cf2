import { MAIL_QUEUE, USER_DELETED } from '@mathgames/contracts';
import {
  type BaseConfig,
  createDatabaseService,
  createRedis,
  DEV_MAIL_TOKEN_KEY,
  DEV_PICTURE_KEY,
  endUserSessions,
  type HttpService,
  startHousekeeping,
  startOutboxRelay,
} from '@mathgames/platform';
import { mailQueueJobs } from './data-access/mail-queue.js';
import { AUTH_OUTBOX_RETENTION_DAYS } from './data-access/outbox.js';
import { signInHousekeeping } from './data-access/sign-in-housekeeping.js';
import { AbuseLimits, type LIMITS } from './domain/abuse-limits.js';
import { BackgroundTasks } from './domain/background.js';
import type { AuthDeps } from './domain/deps.js';
import { knownDeviceMarker } from './domain/known-device.js';
import { MailJobs } from './domain/mail-jobs.js';
import { PicturePasswords, warmUpPasswordHashing } from './domain/passwords.js';
import { pupilRoutes } from './entry-points/http/pupil-routes.js';
import { authRoutes } from './entry-points/http/routes.js';

export { type AuthConfig, authConfigShape, loadAuthConfig } from './config.js';
export { LIMITS } from './domain/abuse-limits.js';
export { PASSWORD_HASH_OPTIONS } from './domain/passwords.js';
export { PHOTO_MAX_INPUT_PIXELS, PHOTO_SIZE_PX } from './domain/photos.js';

type ServiceConfig = Pick<
  BaseConfig,
  'DATABASE_URL' | 'REDIS_URL' | 'REDIS_PREFIX' | 'INTERNAL_SECRET' | 'LOG_LEVEL' | 'AMQP_URL'
> & {
  PORT?: number | undefined;
  /** Seals the tokens of mail jobs; the development default when absent (loadAuthConfig refuses it in production). */
  MAIL_TOKEN_KEY?: string | undefined;
  /** Keys the picture-password hashes; the development default when absent (refused in production). */
  PICTURE_KEY?: string | undefined;
};

/**
 * The auth HTTP service plus its outbox relay (mail jobs to BullMQ). close() stops taking requests, lets
 * in-flight requests and after-response work (forgot-password) finish, drains the relay, then disconnects.
 */
export interface AuthServiceOptions {
  /** Replaces the abuse budgets (LIMITS): only the bad-input suite, which sends thousands of requests from one address. */
  limits?: typeof LIMITS;
}

export function createAuthService(config: ServiceConfig, options: AuthServiceOptions = {}): HttpService {
  return createDatabaseService('auth', config, ({ pool, logger }) => {
    const redis = createRedis(config.REDIS_URL, logger);
    const mailJobs = mailQueueJobs({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, logger });
    const deps: AuthDeps = {
      pool,
      limits: new AbuseLimits(redis, config.REDIS_PREFIX, config.INTERNAL_SECRET, options.limits),
      background: new BackgroundTasks(logger),
      mail: new MailJobs(config.MAIL_TOKEN_KEY ?? DEV_MAIL_TOKEN_KEY),
      pictures: new PicturePasswords(config.PICTURE_KEY ?? DEV_PICTURE_KEY),
      logger,
      endSessions: (userId) => endUserSessions(redis, config.REDIS_PREFIX, userId),
      forgetMailJobs: (userIds) => mailJobs.removeJobsOf(userIds),
      deviceMark: knownDeviceMarker(config.INTERNAL_SECRET),
    };
    void warmUpPasswordHashing().catch((err: unknown) => logger.error({ err }, 'argon2 unavailable'));
    const relay = startOutboxRelay({
      pool,
      schema: 'auth',
      config,
      // Account deletions go to every erasing service; mail jobs to BullMQ.
      publishes: [USER_DELETED],
      enqueues: [MAIL_QUEUE],
      retentionDays: AUTH_OUTBOX_RETENTION_DAYS,
      logger,
    });
    const housekeeping = signInHousekeeping(pool, logger).map((options) => startHousekeeping(options));
    // Not Redis in readiness: without it the abuse limits count in memory and mail waits in the outbox.
    return {
      routes: (app) => {
        pupilRoutes(deps, config.INTERNAL_SECRET)(app);
        authRoutes(deps)(app);
      },
      stop: [
        () => deps.background.drain(),
        () => relay.stop(),
        async () => {
          for (const purge of housekeeping) purge.stop();
        },
        () => mailJobs.close(),
        () => redis.quit().catch(() => redis.disconnect()),
      ],
    };
  });
}
