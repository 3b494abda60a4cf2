import { startTracing } from '@mathgames/platform/tracing';

// Before anything else loads: the library instrumentations patch modules as they are imported (tracing off: no-op).
const tracing = await startTracing('mail-worker');
const { onShutdown } = await import('@mathgames/platform');
const { loadMailWorkerConfig, startMailWorker } = await import('./index.js');
onShutdown(() => tracing.shutdown());

const config = loadMailWorkerConfig();
const worker = startMailWorker(config, {
  retry: {
    baseDelayMs: config.MAIL_RETRY_BASE_SECONDS * 1000,
    maxDelayMs: config.MAIL_RETRY_MAX_SECONDS * 1000,
    retryForMs: config.MAIL_RETRY_FOR_HOURS * 3_600_000,
  },
  jobLockMs: config.MAIL_JOB_LOCK_SECONDS * 1000,
});
onShutdown(() => worker.close());
await worker.listen(config.PORT);
