import { startTracing } from '@mathgames/platform/tracing';

// Before anything else loads: the library instrumentations patch modules as they are imported (tracing off: no-op).
const tracing = await startTracing('classes-worker');
const { onShutdown } = await import('@mathgames/platform');
const { loadClassesWorkerConfig, startClassesWorker } = await import('./index.js');
onShutdown(() => tracing.shutdown());

const config = loadClassesWorkerConfig();
const worker = startClassesWorker(config);
onShutdown(() => worker.close());
await worker.listen(config.PORT);
