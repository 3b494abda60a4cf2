import { startTracing } from '@mathgames/platform/tracing';

// Before anything else loads: the library instrumentations patch modules as they are imported (tracing off: no-op).
const tracing = await startTracing('statistics-worker');
const { onShutdown } = await import('@mathgames/platform');
const { loadStatisticsWorkerConfig, startStatisticsWorker } = await import('./index.js');
onShutdown(() => tracing.shutdown());

const config = loadStatisticsWorkerConfig();
const worker = startStatisticsWorker(config);
onShutdown(() => worker.close());
await worker.listen(config.PORT);
