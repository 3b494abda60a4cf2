import { MAIL_QUEUE, MAIL_TOKEN_FIELDS } from '@mathgames/contracts';
import {
  createLogger,
  DEV_MAIL_TOKEN_KEY,
  type Job,
  type JobRetryPolicy,
  processJobs,
  type RunningWorker,
  startWorker,
} from '@mathgames/platform';
import { UnrecoverableError } from 'bullmq';
import type { MailWorkerConfig } from './config.js';
import { InvalidMailJobError, mailsForJob } from './job-mails.js';
import { createMailTransport } from './transport.js';

/** Picked up by the manifest tests like every package's `*ConfigShape`. */
export { mailTokenConfigShape } from '@mathgames/platform';
export {
  loadMailWorkerConfig,
  type MailWorkerConfig,
  mailWorkerConfigShape,
} from './config.js';
export { InvalidMailJobError, mailsForJob, type OutgoingMail } from './job-mails.js';
export { escapeHtml, MAIL_KINDS, type MailKind, maskEmail, renderMail } from './templates.js';

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
  options: { retry?: JobRetryPolicy; jobLockMs?: number } = {},
): RunningWorker {
  const logger = createLogger('mail-worker', config.LOG_LEVEL);
  const transport = createMailTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const sentKey = (jobId: string, part: string) => sentMarkerKey(config.REDIS_PREFIX, jobId, part);

  return startWorker({
    name: 'mail-worker',
    config,
    // SMTP down for an afternoon or a day costs no mail: retried with capped backoff, parked after 24 h.
    ...(options.retry ? { jobRetry: options.retry } : {}),
    ...(options.jobLockMs ? { jobLockMs: options.jobLockMs } : {}),
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
