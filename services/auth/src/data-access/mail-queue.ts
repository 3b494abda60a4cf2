import { MAIL_QUEUE } from '@mathgames/contracts';
import { createQueue, type Logger } from '@mathgames/platform';

/** Every state a job can wait, retry or rest in; an active job is locked by the worker that is sending it. */
const JOB_STATES = ['wait', 'delayed', 'prioritized', 'completed', 'failed'] as const;
const PAGE = 500;

/**
 * The BullMQ mail queue as auth needs it at erasure: a job's data holds its person's address and name (the mail
 * worker renders from it), so a deleted user's jobs go too, sent or failed (kept 24 h and 30 days otherwise).
 */
export function mailQueueJobs(options: { redisUrl: string; prefix: string; logger: Logger }) {
  const queue = createQueue<{ userId?: number }>(MAIL_QUEUE, options);
  return {
    /** Removes every mail job of these users in any resting state; returns how many went. */
    async removeJobsOf(userIds: readonly number[]): Promise<number> {
      const ids = new Set(userIds);
      let removed = 0;
      for (const state of JOB_STATES) {
        const theirs: string[] = [];
        // Collected first: removing while paging would shift the pages.
        for (let start = 0; ; start += PAGE) {
          const jobs = await queue.getJobs([state], start, start + PAGE - 1);
          for (const job of jobs)
            if (job?.id && typeof job.data?.userId === 'number' && ids.has(job.data.userId))
              theirs.push(job.id);
          if (jobs.length < PAGE) break;
        }
        for (const id of theirs) {
          // A job that became active meanwhile is locked: it is being sent and stays in `completed` a day at most.
          await queue
            .remove(id)
            .then((n) => {
              removed += n;
            })
            .catch((err: unknown) =>
              options.logger.warn({ err, jobId: id }, 'mail job not removed at erasure'),
            );
        }
      }
      return removed;
    },
    close: () => queue.close(),
  };
}
