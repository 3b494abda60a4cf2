import { startTracing } from '@mathgames/platform/tracing';

// Before anything else loads: the library instrumentations patch modules as they are imported (tracing off: no-op).
const tracing = await startTracing('badges');
const { onShutdown } = await import('@mathgames/platform');
const { createBadgesService, loadBadgesConfig } = await import('./index.js');
onShutdown(() => tracing.shutdown());

const config = loadBadgesConfig();
const service = createBadgesService(config);
onShutdown(() => service.close());
await service.listen(config.PORT);
