import type http from 'node:http';
import { MAIL_QUEUE, MAIL_TOKEN_FIELDS } from '@mathgames/contracts';
import {
  type BaseConfig,
  createLogger,
  DEV_MAIL_TOKEN_KEY,
  type Job,
  type JobRetryPolicy,
  loadConfig,
  mailTokenConfigShape,
  processJobs,
  startWorker,
} from '@mathgames/platform';
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { InvalidMailJobError, mailsForJob } from './messages.js';
import { createMailTransport } from './transport.js';

/** Picked up by the manifest tests like every package's `*ConfigShape`. */
export { mailTokenConfigShape } from '@mathgames/platform';
export { InvalidMailJobError, mailsForJob, type OutgoingMail } from './messages.js';
export { escapeHtml, MAIL_KINDS, type MailKind, maskEmail, renderMail } from './templates.js';

export type MailWorkerConfig = Pick<
  BaseConfig,
  'REDIS_URL' | 'REDIS_PREFIX' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'INTERNAL_SECRET' | 'LOG_LEVEL'
> & { PORT?: number | undefined; MAIL_TOKEN_KEY?: string | undefined };

/**
 * The mail worker's settings. SECRET_NEEDS['mail-worker'] includes SMTP_URL and MAIL_TOKEN_KEY: production
 * refuses the log-only transport (it would write links into the log) and the development token key.
 */
export function loadMailWorkerConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(
    {
      PORT: z.coerce.number().int().min(0).max(65535).default(4014),
      // The retry schedule of a mail that cannot be sent (SMTP down): doubling from the base up to the cap, until
      // the window ends; then the job is parked in the failed set (metric bullmq_jobs_parked_total).
      MAIL_RETRY_BASE_SECONDS: z.coerce.number().positive().default(2),
      MAIL_RETRY_MAX_SECONDS: z.coerce.number().positive().default(900),
      MAIL_RETRY_FOR_HOURS: z.coerce.number().positive().default(24),
      ...mailTokenConfigShape,
    },
    env,
    { deployable: 'mail-worker' },
  );
}

export type MailWorker = {
  /** Serves /healthz, /readyz and /metrics only. */
  listen(port?: number): Promise<http.Server>;
  close(): Promise<void>;
};

/** Mails sent in parallel (each its own SMTP connection). */
export const MAIL_WORKER_CONCURRENCY = 5;

/** Redis key recording that one part of a job's mail was accepted by the SMTP server. */
export function sentMarkerKey(prefix: string, jobId: string, part: string): string {
  return `${prefix}mail:sent:${jobId}:${part}`;
}

/** How long "this mail was sent" is remembered: longer than any job can still be retried (24 h). */
const SENT_MARKER_SECONDS = 14 * 24 * 60 * 60;

/**
 * Consumes the BullMQ `mail` queue: validates each job with its contracts schema, renders it in the
 * user's language and sends it. Jobs arrive at least once (the relay uses the outbox id as job id, and a
 * crashed worker's job is retried), so each sent mail is recorded under its job id right after the SMTP
 * server accepted it and skipped on a retry: every mail goes out once.
 */
export function startMailWorker(
  config: MailWorkerConfig,
  options: { retry?: JobRetryPolicy } = {},
): MailWorker {
  const logger = createLogger('mail-worker', config.LOG_LEVEL);
  const transport = createMailTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const sentKey = (jobId: string, part: string) => sentMarkerKey(config.REDIS_PREFIX, jobId, part);

  return startWorker({
    name: 'mail-worker',
    config,
    // SMTP down for an afternoon or a day costs no mail: retried with capped backoff, parked after 24 h.
    ...(options.retry ? { jobRetry: options.retry } : {}),
    subscriptions: ({ redis }) => [
      processJobs(
        MAIL_QUEUE,
        async (job: Job) => {
          let mails: ReturnType<typeof mailsForJob>;
          try {
            mails = mailsForJob(
              job.name,
              job.data,
              config.PUBLIC_URL,
              config.MAIL_TOKEN_KEY ?? DEV_MAIL_TOKEN_KEY,
            );
          } catch (error) {
            // A payload that can never render goes straight to the failed set instead of being retried.
            if (error instanceof InvalidMailJobError) throw new UnrecoverableError(error.message);
            throw error;
          }
          const jobId = job.id ?? 'unknown';
          let sent = 0;
          for (const mail of mails) {
            const key = sentKey(jobId, mail.part);
            if (await redis.exists(key)) continue;
            await transport.send(mail, { messageId: `<${jobId}.${mail.part}@mathgames.mail>` });
            await redis.set(key, '1', 'EX', SENT_MARKER_SECONDS);
            sent += 1;
            logger.info({ jobId, kind: mail.kind, part: mail.part }, 'mail sent');
          }
          // Sent: the sealed token has done its job, so the completed job kept in Redis carries none.
          await job.updateData(withoutTokens(job.data));
          return { sent };
        },
        { concurrency: MAIL_WORKER_CONCURRENCY },
      ),
    ],
    onClose: () => transport.close(),
  });
}

function withoutTokens(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of MAIL_TOKEN_FIELDS) if (field in copy) copy[field] = '';
  return copy;
}
