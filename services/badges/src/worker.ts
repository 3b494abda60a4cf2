import { loadConfig, onShutdown } from '@mathgames/platform';
import { z } from 'zod';
import { startBadgeWorker } from './index.js';

const config = loadConfig({ PORT: z.coerce.number().int().min(0).max(65535).default(4013) }, process.env, {
  deployable: 'badge-worker',
});
const worker = startBadgeWorker(config);
onShutdown(() => worker.close());
await worker.listen(config.PORT);
