import { loadConfig, onShutdown } from '@mathgames/platform';
import { z } from 'zod';
import { startClassesWorker } from './index.js';

const config = loadConfig({ PORT: z.coerce.number().int().min(0).max(65535).default(4015) }, process.env, {
  deployable: 'classes-worker',
});
const worker = startClassesWorker(config);
onShutdown(() => worker.close());
await worker.listen(config.PORT);
