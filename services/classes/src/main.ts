import { onShutdown } from '@mathgames/platform';
import { createClassesService, loadClassesConfig } from './index.js';

const config = loadClassesConfig();
const service = createClassesService(config);
onShutdown(() => service.close());
await service.listen(config.PORT);
