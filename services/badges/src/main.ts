import { loadConfig, onShutdown } from '@mathgames/platform';
import { z } from 'zod';
import { createBadgesService } from './index.js';

const config = loadConfig({ PORT: z.coerce.number().int().min(0).max(65535).default(4003) }, process.env, {
  deployable: 'badges',
});
const service = createBadgesService(config);
onShutdown(() => service.close());
await service.listen(config.PORT);
