import { loadConfig, onShutdown } from '@mathgames/platform';
import { z } from 'zod';
import { startMailWorker } from './index.js';

const config = loadConfig({
  PORT: z.coerce.number().int().min(0).max(65535).default(4014),
  // The retry schedule of a mail that cannot be sent (SMTP down): doubling from the base up to the cap, until
  // the window ends; then the job is parked in the failed set (metric bullmq_jobs_parked_total).
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().positive().default(2),
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().positive().default(900),
  MAIL_RETRY_FOR_HOURS: z.coerce.number().positive().default(24),
});
const worker = startMailWorker(config, {
  retry: {
    baseDelayMs: config.MAIL_RETRY_BASE_SECONDS * 1000,
    maxDelayMs: config.MAIL_RETRY_MAX_SECONDS * 1000,
    retryForMs: config.MAIL_RETRY_FOR_HOURS * 3_600_000,
  },
});
await worker.listen(config.PORT);
onShutdown(() => worker.close());
