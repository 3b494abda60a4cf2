import { onShutdown } from '@mathgames/platform';
import { createGateway, loadGatewayConfig } from './index.js';

const config = loadGatewayConfig();
const gateway = createGateway(config);
await gateway.listen(config.PORT);
onShutdown(() => gateway.close());
