import { type BaseConfig, configLoader, mailTokenConfigShape } from '@mathgames/platform';
import { z } from 'zod';

export const mailWorkerConfigShape = {
  // The retry schedule of a mail that cannot be sent (SMTP down): doubling from the base up to the cap, until
  // the window ends; then the job is parked in the failed set (metric bullmq_jobs_parked_total).
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().positive().default(2),
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().positive().default(900),
  MAIL_RETRY_FOR_HOURS: z.coerce.number().positive().default(24),
  // How long a mail job stays locked to the worker processing it without the lock being renewed (renewed at half
  // of it while the job runs): a worker that died holding jobs gives them back this long after its last renewal
  // (BullMQ's stalled-job check runs as often). Tests that kill the worker set it short.
  MAIL_JOB_LOCK_SECONDS: z.coerce.number().positive().default(30),
  ...mailTokenConfigShape,
};

/** What startMailWorker reads (tests pass the base config; the mail token key then has its development value). */
export type MailWorkerConfig = Pick<
  BaseConfig,
  'REDIS_URL' | 'REDIS_PREFIX' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'INTERNAL_SECRET' | 'LOG_LEVEL'
> & { PORT?: number | undefined; MAIL_TOKEN_KEY?: string | undefined };

/**
 * The mail worker's settings. SECRET_NEEDS['mail-worker'] includes SMTP_URL and MAIL_TOKEN_KEY: production
 * refuses the log-only transport (it would write links into the log) and the development token key.
 */
export const loadMailWorkerConfig = configLoader('mail-worker', mailWorkerConfigShape);
