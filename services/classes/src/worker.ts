import { onShutdown } from '@mathgames/platform';
import { loadClassesWorkerConfig, startClassesWorker } from './index.js';

const config = loadClassesWorkerConfig();
const worker = startClassesWorker(config);
onShutdown(() => worker.close());
await worker.listen(config.PORT);
