import { startTracing } from '@mathgames/platform/tracing';

// Before anything else loads: the library instrumentations patch modules as they are imported (tracing off: no-op).
const tracing = await startTracing('badge-worker');
const { onShutdown } = await import('@mathgames/platform');
const { loadBadgeWorkerConfig, startBadgeWorker } = await import('./index.js');
onShutdown(() => tracing.shutdown());

const config = loadBadgeWorkerConfig();
const worker = startBadgeWorker(config);
onShutdown(() => worker.close());
await worker.listen(config.PORT);
