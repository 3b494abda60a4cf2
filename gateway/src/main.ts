import { createLogger, onShutdown } from '@mathgames/platform';
import { createGateway, loadGatewayConfig } from './index.js';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
const gateway = createGateway(config, { logger });
await gateway.listen(config.PORT);
onShutdown(() => gateway.close());
