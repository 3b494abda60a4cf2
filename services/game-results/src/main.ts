import { loadConfig, onShutdown } from '@mathgames/platform';
import { z } from 'zod';
import { createGameResultsService } from './index.js';

const config = loadConfig({ PORT: z.coerce.number().int().min(0).max(65535).default(4002) });
const service = createGameResultsService(config);
onShutdown(() => service.close());
await service.listen(config.PORT);
