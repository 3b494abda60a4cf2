import { loadConfig, onShutdown } from '@mathgames/platform';
import { z } from 'zod';
import { startStatisticsWorker } from './index.js';

const config = loadConfig({ PORT: z.coerce.number().int().min(0).max(65535).default(4012) }, process.env, {
  deployable: 'statistics-worker',
});
const worker = startStatisticsWorker(config);
onShutdown(() => worker.close());
await worker.listen(config.PORT);
