import { onShutdown } from '@mathgames/platform';
import { loadMailWorkerConfig, startMailWorker } from './index.js';

const config = loadMailWorkerConfig();
const worker = startMailWorker(config, {
  retry: {
    baseDelayMs: config.MAIL_RETRY_BASE_SECONDS * 1000,
    maxDelayMs: config.MAIL_RETRY_MAX_SECONDS * 1000,
    retryForMs: config.MAIL_RETRY_FOR_HOURS * 3_600_000,
  },
});
onShutdown(() => worker.close());
await worker.listen(config.PORT);
