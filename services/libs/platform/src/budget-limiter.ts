import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

export interface BudgetSpec {
  points: number;
  durationSeconds: number;
}

/**
 * A budget shared by every replica through Redis (`points` per `durationSeconds`, keys under `keyPrefix`). While
 * Redis is unreachable it counts in this process instead: a limit still holds, and no request fails for it.
 */
export function createBudgetLimiter(redis: Redis, keyPrefix: string, spec: BudgetSpec): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points: spec.points,
    duration: spec.durationSeconds,
    insuranceLimiter: new RateLimiterMemory({ points: spec.points, duration: spec.durationSeconds }),
  });
}
