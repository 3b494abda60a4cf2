import { startTracing } from '@mathgames/platform/tracing';

// Before anything else loads: the library instrumentations patch modules as they are imported (tracing off: no-op).
const tracing = await startTracing('auth');
const { onShutdown } = await import('@mathgames/platform');
const { createAuthService, loadAuthConfig } = await import('./index.js');
onShutdown(() => tracing.shutdown());

const config = loadAuthConfig();
const service = createAuthService(config);
onShutdown(() => service.close());
await service.listen(config.PORT);
