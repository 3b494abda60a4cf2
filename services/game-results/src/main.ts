import { startTracing } from '@mathgames/platform/tracing';

// Before anything else loads: the library instrumentations patch modules as they are imported (tracing off: no-op).
const tracing = await startTracing('game-results');
const { onShutdown } = await import('@mathgames/platform');
const { createGameResultsService, loadGameResultsConfig } = await import('./index.js');
onShutdown(() => tracing.shutdown());

const config = loadGameResultsConfig();
const service = createGameResultsService(config);
onShutdown(() => service.close());
await service.listen(config.PORT);
