import type http from 'node:http';
import {
  type BaseConfig,
  createHttpService,
  createLogger,
  createPool,
  startWorker,
} from '@mathgames/platform';
import type { ClassesConfig } from './config.js';
import { createPupilAccountsClient } from './domain/pupil-accounts.js';
import { createTeacherDirectory } from './domain/teacher-directory.js';
import { classesErasureSubscription } from './entry-points/consumers/erasure-consumer.js';
import { CLASSES_CONSUMER, progressSubscription } from './entry-points/consumers/progress-consumer.js';
import { assignmentsRoutes } from './entry-points/http/assignments-routes.js';
import { classesRoutes } from './entry-points/http/routes.js';

export { type ClassesConfig, classesConfigShape, loadClassesConfig } from './config.js';
export { PUPIL_HISTORY_LIMIT } from './data-access/progress-repository.js';
export { CLASSES_CONSUMER, CLASSES_QUEUE } from './entry-points/consumers/progress-consumer.js';

export interface Deployable {
  listen(port?: number): Promise<http.Server>;
  close(): Promise<void>;
}

/** HTTP API for teachers' classes (and, through them, their pupils). */
export function createClassesService(config: ClassesConfig) {
  const logger = createLogger('classes', config.LOG_LEVEL);
  const pool = createPool(config.DATABASE_URL, { logger });
  const service = createHttpService({
    name: 'classes',
    config,
    logger,
    readiness: { postgres: () => pool.query('SELECT 1') },
    routes: (app) => {
      assignmentsRoutes({ pool })(app);
      classesRoutes({
        pool,
        teachers: createTeacherDirectory(config.AUTH_URL, config.INTERNAL_SECRET),
        accounts: createPupilAccountsClient(config.AUTH_URL, config.INTERNAL_SECRET),
        internalSecret: config.INTERNAL_SECRET,
        timeZone: config.TIME_ZONE,
      })(app);
    },
  });
  return {
    app: service.app,
    listen: (port?: number) => service.listen(port),
    async close() {
      await service.close();
      await pool.end();
    },
  };
}

/** Consumes `game-result.recorded.v1` from its own queue into the class progress read model. */
export function startClassesWorker(config: BaseConfig): Deployable {
  return startWorker({
    name: CLASSES_CONSUMER,
    config,
    schema: 'classes',
    subscriptions: () => [progressSubscription(config.TIME_ZONE), classesErasureSubscription()],
  });
}
