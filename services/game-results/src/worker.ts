import { onShutdown } from '@mathgames/platform';
import { loadStatisticsWorkerConfig, startStatisticsWorker } from './index.js';

const config = loadStatisticsWorkerConfig();
const worker = startStatisticsWorker(config);
onShutdown(() => worker.close());
await worker.listen(config.PORT);
