import { onShutdown } from '@mathgames/platform';
import { createAuthService, loadAuthConfig } from './index.js';

const config = loadAuthConfig();
const service = createAuthService(config);
await service.listen(config.PORT);
onShutdown(() => service.close());
