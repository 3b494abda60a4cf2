import { type BaseConfig, createDatabaseService, defineWorker, type HttpService } from '@mathgames/platform';
import type { ClassesConfig } from './config.js';
import type { ClassesDeps } from './domain/deps.js';
import { createPupilAccountsClient } from './domain/pupil-accounts.js';
import { createTeacherDirectory } from './domain/teacher-directory.js';
import { classesErasureSubscription } from './entry-points/consumers/erasure-consumer.js';
import { CLASSES_CONSUMER, progressSubscription } from './entry-points/consumers/progress-consumer.js';
import { assignmentsRoutes } from './entry-points/http/assignments-routes.js';
import { classListRoutes } from './entry-points/http/class-list-routes.js';
import { classesRoutes } from './entry-points/http/routes.js';

export {
  type ClassesConfig,
  classesConfigShape,
  loadClassesConfig,
  loadClassesWorkerConfig,
} from './config.js';
export { PUPIL_HISTORY_LIMIT } from './data-access/progress-repository.js';
export { CLASSES_CONSUMER, CLASSES_QUEUE } from './entry-points/consumers/progress-consumer.js';

/** HTTP API for teachers' classes (and, through them, their pupils). */
export function createClassesService(config: ClassesConfig): HttpService {
  return createDatabaseService('classes', config, ({ pool }) => {
    const deps: ClassesDeps = {
      pool,
      teachers: createTeacherDirectory(config.AUTH_URL, config.INTERNAL_SECRET),
      accounts: createPupilAccountsClient(config.AUTH_URL, config.INTERNAL_SECRET),
      internalSecret: config.INTERNAL_SECRET,
      timeZone: config.TIME_ZONE,
    };
    return {
      routes: (app) => {
        assignmentsRoutes(deps)(app);
        classListRoutes(deps)(app);
        classesRoutes(deps)(app);
      },
    };
  });
}

/** Consumes `game-result.recorded` (v2; v1 upcast) from its own queue into the class progress read model. */
export const startClassesWorker = defineWorker<BaseConfig>(CLASSES_CONSUMER, 'classes', (config) => [
  progressSubscription(config.TIME_ZONE),
  classesErasureSubscription(),
]);
