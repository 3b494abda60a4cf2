import { onShutdown } from '@mathgames/platform';
import { loadBadgeWorkerConfig, startBadgeWorker } from './index.js';

const config = loadBadgeWorkerConfig();
const worker = startBadgeWorker(config);
onShutdown(() => worker.close());
await worker.listen(config.PORT);
