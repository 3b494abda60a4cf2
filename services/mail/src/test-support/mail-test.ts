import { MAIL_QUEUE } from '@mathgames/contracts';
import { createQueue, type RunningWorker } from '@mathgames/platform';
import type { SmtpCapture, TestEnvironment } from '@mathgames/platform/testing';
import type { Queue } from 'bullmq';

/** The `mail` queue under the test environment's Redis prefix (what auth's outbox relay fills). */
export const mailQueueOf = (environment: TestEnvironment): Queue =>
  createQueue(MAIL_QUEUE, { redisUrl: environment.env.REDIS_URL!, prefix: environment.env.REDIS_PREFIX! });

/** Closes what a mail test opened, in order: the queue, the worker, the environment, then the SMTP receiver. */
export async function closeMailTest(opened: {
  queue?: Queue | undefined;
  worker?: RunningWorker | undefined;
  environment?: TestEnvironment | undefined;
  smtp?: SmtpCapture | undefined;
}): Promise<void> {
  await opened.queue?.close();
  await opened.worker?.close();
  await opened.environment?.cleanup();
  await opened.smtp?.close();
}
