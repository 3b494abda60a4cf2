import { startTracing } from '@mathgames/platform/tracing';

// Before anything else loads: the library instrumentations patch modules as they are imported (tracing off: no-op).
const tracing = await startTracing('classes');
const { onShutdown } = await import('@mathgames/platform');
const { createClassesService, loadClassesConfig } = await import('./index.js');
onShutdown(() => tracing.shutdown());

const config = loadClassesConfig();
const service = createClassesService(config);
onShutdown(() => service.close());
await service.listen(config.PORT);
