import type http from 'node:http';
import { GAME_RESULT_RECORDED } from '@mathgames/contracts';
import {
  type BaseConfig,
  createHttpService,
  createLogger,
  createPool,
  startOutboxRelay,
  startWorker,
} from '@mathgames/platform';
import { Redis } from 'ioredis';
import { ResultBudget, type ResultBudgetConfig } from './domain/result-budget.js';
import { erasureSubscription } from './entry-points/consumers/erasure-consumer.js';
import { STATISTICS_CONSUMER, statisticsSubscription } from './entry-points/consumers/statistics-consumer.js';
import { gameResultsRoutes } from './entry-points/http/routes.js';

export { resultBudgetConfigShape } from './domain/result-budget.js';
export { STATISTICS_CONSUMER, STATISTICS_QUEUE } from './entry-points/consumers/statistics-consumer.js';

export interface GameResultsOptions {
  /** The service's clock (results' createdAt, the current week); tests move it across a week boundary. */
  now?: () => Date;
}

export interface Deployable {
  listen(port?: number): Promise<http.Server>;
  close(): Promise<void>;
}

/** HTTP API for results, history and statistics, plus the relay that publishes the results outbox. */
export function createGameResultsService(
  config: BaseConfig & ResultBudgetConfig,
  options: GameResultsOptions = {},
) {
  const logger = createLogger('game-results', config.LOG_LEVEL);
  const pool = createPool(config.DATABASE_URL, { logger });
  const relay = startOutboxRelay({
    pool,
    schema: 'results',
    config,
    publishes: [GAME_RESULT_RECORDED],
    logger,
  });
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis connection problem'));
  const budget = new ResultBudget(redis, config.REDIS_PREFIX, config);
  const service = createHttpService({
    name: 'game-results',
    config,
    logger,
    readiness: { postgres: () => pool.query('SELECT 1') },
    routes: gameResultsRoutes({
      pool,
      budget,
      now: options.now ?? (() => new Date()),
      timeZone: config.TIME_ZONE,
    }),
  });
  return {
    app: service.app,
    /** Publishes whatever the outbox holds now (tests and the benchmark use it to measure without waiting). */
    drainOutbox: () => relay.drain(),
    listen: (port?: number) => service.listen(port),
    async close() {
      await service.close();
      await relay.stop();
      redis.disconnect();
      await pool.end();
    },
  };
}

/** Consumes `game-result.recorded.v1` from its own queue into the statistics read model; serves health only. */
export function startStatisticsWorker(config: BaseConfig): Deployable {
  return startWorker({
    name: STATISTICS_CONSUMER,
    config,
    schema: 'results',
    subscriptions: () => [statisticsSubscription(config.TIME_ZONE), erasureSubscription()],
  });
}
