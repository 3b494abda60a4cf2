import { onShutdown } from '@mathgames/platform';
import { createBadgesService, loadBadgesConfig } from './index.js';

const config = loadBadgesConfig();
const service = createBadgesService(config);
onShutdown(() => service.close());
await service.listen(config.PORT);
