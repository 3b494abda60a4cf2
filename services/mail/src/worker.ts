import { loadConfig, onShutdown } from '@mathgames/platform';
import { z } from 'zod';
import { startMailWorker } from './index.js';

const config = loadConfig({ PORT: z.coerce.number().int().min(0).max(65535).default(4014) });
const worker = startMailWorker(config);
await worker.listen(config.PORT);
onShutdown(() => worker.close());
