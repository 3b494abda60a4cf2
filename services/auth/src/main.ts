import { onShutdown } from '@mathgames/platform';
import { createAuthService, loadAuthConfig } from './index.js';

const config = loadAuthConfig();
const service = createAuthService(config);
onShutdown(() => service.close());
await service.listen(config.PORT);
