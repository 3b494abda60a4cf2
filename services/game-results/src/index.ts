import { GAME_RESULT_RECORDED } from '@mathgames/contracts';
import {
  type BaseConfig,
  createDatabaseService,
  createRedis,
  defineWorker,
  type HttpService,
  startOutboxRelay,
} from '@mathgames/platform';
import type { GameResultsDeps } from './domain/deps.js';
import { ResultBudget, type ResultBudgetConfig } from './domain/result-budget.js';
import { erasureSubscription } from './entry-points/consumers/erasure-consumer.js';
import { STATISTICS_CONSUMER, statisticsSubscription } from './entry-points/consumers/statistics-consumer.js';
import { gameResultsRoutes } from './entry-points/http/routes.js';

export { type GameResultsConfig, loadGameResultsConfig, loadStatisticsWorkerConfig } from './config.js';
export { resultBudgetConfigShape } from './domain/result-budget.js';
export { STATISTICS_CONSUMER, STATISTICS_QUEUE } from './entry-points/consumers/statistics-consumer.js';

export interface GameResultsOptions {
  /** The service's clock (results' playedAt, the current week); tests move it across a week boundary. */
  now?: () => Date;
}

/** HTTP API for results, history and statistics, plus the relay that publishes the results outbox. */
export function createGameResultsService(
  config: BaseConfig & ResultBudgetConfig,
  options: GameResultsOptions = {},
): HttpService & { drainOutbox(): Promise<void> } {
  return createDatabaseService('game-results', config, ({ pool, logger }) => {
    const relay = startOutboxRelay({
      pool,
      schema: 'results',
      config,
      publishes: [GAME_RESULT_RECORDED],
      logger,
    });
    // Each result spends two budgets at once (result-budget.ts): one write for both, and for concurrent results.
    const redis = createRedis(config.REDIS_URL, logger, { autoPipelining: true });
    const deps: GameResultsDeps = {
      pool,
      budget: new ResultBudget(redis, config.REDIS_PREFIX, config),
      now: options.now ?? (() => new Date()),
      timeZone: config.TIME_ZONE,
      // The result's outbox row is committed: this process's relay publishes it now (coalesced passes).
      announced: () => void relay.drain(),
    };
    return {
      routes: gameResultsRoutes(deps),
      stop: [() => relay.stop(), () => redis.disconnect()],
      /** Publishes whatever the outbox holds now (tests and the benchmark use it to measure without waiting). */
      expose: { drainOutbox: () => relay.drain() },
    };
  });
}

/** Consumes `game-result.recorded` (v2; v1 upcast) from its own queue into the statistics read model; serves health only. */
export const startStatisticsWorker = defineWorker<BaseConfig>(STATISTICS_CONSUMER, 'results', (config) => [
  statisticsSubscription(config.TIME_ZONE),
  erasureSubscription(),
]);
