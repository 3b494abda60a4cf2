import {
  type BaseConfig,
  createDatabaseService,
  createRedis,
  type HttpService,
  type RunningWorker,
  startWorker,
} from '@mathgames/platform';
import { createSummaryCache } from './data-access/summary-cache.js';
import { retrySummaryRefreshes } from './domain/badge-summary.js';
import type { BadgesDeps } from './domain/deps.js';
import { createCatalogueReader } from './domain/user-badges.js';
import { BADGES_CONSUMER, badgeSubscription } from './entry-points/consumers/badge-consumer.js';
import { badgeErasureSubscription } from './entry-points/consumers/erasure-consumer.js';
import { badgesRoutes } from './entry-points/http/routes.js';

export { type BadgesConfig, loadBadgesConfig, loadBadgeWorkerConfig } from './config.js';
export { BADGES_CONSUMER, BADGES_QUEUE } from './entry-points/consumers/badge-consumer.js';

/** HTTP API for the user's badges and the polled summary. */
export function createBadgesService(config: BaseConfig): HttpService {
  return createDatabaseService('badges', config, ({ pool, logger }) => {
    // While Redis is away the summary answers from Postgres. Auto-pipelining sends the GETs of concurrent polls
    // in one write: system calls are the cost here.
    const redis = createRedis(config.REDIS_URL, logger, { autoPipelining: true });
    const deps: BadgesDeps = {
      pool,
      cache: createSummaryCache(redis, config.REDIS_PREFIX),
      logger,
      catalogue: createCatalogueReader(pool),
    };
    // Not Redis in readiness: without it the summary is computed from Postgres, so badges still serves.
    return { routes: badgesRoutes(deps), stop: [() => redis.disconnect()] };
  });
}

/** How often the badge worker retries the summary refreshes still requested, and how old they must be. */
export const SUMMARY_RETRY = { everyMs: 30_000, olderThanMs: 10_000 };

/**
 * Consumes `game-result.recorded` (v2; v1 upcast) from its own queue into badge progress, and erasures; keeps the summary
 * cache in step (retrying refreshes that failed); serves health only.
 */
export function startBadgeWorker(
  config: BaseConfig,
  options: { summaryRetry?: { everyMs: number; olderThanMs: number } } = {},
): RunningWorker {
  let retry: { stop(): void } | undefined;
  return startWorker({
    name: BADGES_CONSUMER,
    config,
    schema: 'badges',
    subscriptions: ({ pool, redis, logger }) => {
      const deps = { pool, cache: createSummaryCache(redis, config.REDIS_PREFIX), logger };
      retry = retrySummaryRefreshes(deps, options.summaryRetry ?? SUMMARY_RETRY);
      return [badgeSubscription(deps), badgeErasureSubscription(deps)];
    },
    onClose: () => retry?.stop(),
  });
}
