import { createLogger, loadConfig, onShutdown } from '@mathgames/platform';
import { createGateway, gatewayConfigShape } from './index.js';

const config = loadConfig(gatewayConfigShape);
const logger = createLogger('gateway', config.LOG_LEVEL);
const gateway = createGateway(config, { logger });
await gateway.listen(config.PORT);
onShutdown(() => gateway.close());
