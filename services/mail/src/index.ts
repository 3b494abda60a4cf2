import type http from 'node:http';
import { MAIL_QUEUE } from '@mathgames/contracts';
import {
  type BaseConfig,
  createLogger,
  type Job,
  type JobRetryPolicy,
  processJobs,
  startWorker,
} from '@mathgames/platform';
import { UnrecoverableError } from 'bullmq';
import { InvalidMailJobError, mailsForJob } from './messages.js';
import { createMailTransport } from './transport.js';

export { InvalidMailJobError, mailsForJob, type OutgoingMail } from './messages.js';
export { escapeHtml, MAIL_KINDS, type MailKind, maskEmail, renderMail } from './templates.js';

export type MailWorkerConfig = Pick<
  BaseConfig,
  'REDIS_URL' | 'REDIS_PREFIX' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'INTERNAL_SECRET' | 'LOG_LEVEL'
> & { PORT?: number | undefined };

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
            mails = mailsForJob(job.name, job.data, config.PUBLIC_URL);
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
          return { sent };
        },
        { concurrency: MAIL_WORKER_CONCURRENCY },
      ),
    ],
    onClose: () => transport.close(),
  });
}
