import { onShutdown } from '@mathgames/platform';
import { createGameResultsService, loadGameResultsConfig } from './index.js';

const config = loadGameResultsConfig();
const service = createGameResultsService(config);
onShutdown(() => service.close());
await service.listen(config.PORT);
