import { onShutdown } from '@mathgames/platform';
import { loadMailWorkerConfig, startMailWorker } from './index.js';

const config = loadMailWorkerConfig();
const worker = startMailWorker(config);
await worker.listen(config.PORT);
onShutdown(() => worker.close());
