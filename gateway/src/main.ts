import type { AddressInfo } from 'node:net';
import { startTracing } from '@mathgames/platform/tracing';

// Before anything else loads: the library instrumentations patch modules as they are imported (tracing off: no-op).
const tracing = await startTracing('gateway');
const { onShutdown } = await import('@mathgames/platform');
const { createGateway, loadGatewayConfig } = await import('./index.js');
onShutdown(() => tracing.shutdown());

const config = loadGatewayConfig();
const gateway = createGateway(config);
const server = await gateway.listen(config.PORT);
onShutdown(() => gateway.close());
await gateway.warmUp((server.address() as AddressInfo).port);
