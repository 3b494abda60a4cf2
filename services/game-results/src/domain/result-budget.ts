import { RESULT_BUDGETS } from '@mathgames/contracts';
import { createBudgetLimiter } from '@mathgames/platform';
import type { Redis } from 'ioredis';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';

/**
 * RESULT_BUDGET_PER_MINUTE / _PER_HOUR override contracts' RESULT_BUDGETS: only load tests and benchmarks,
 * which post far faster than any child, raise them.
 */
export const resultBudgetConfigShape = {
  RESULT_BUDGET_PER_MINUTE: z.coerce.number().int().positive().default(RESULT_BUDGETS.perMinute.points),
  RESULT_BUDGET_PER_HOUR: z.coerce.number().int().positive().default(RESULT_BUDGETS.perHour.points),
};
export type ResultBudgetConfig = { RESULT_BUDGET_PER_MINUTE?: number; RESULT_BUDGET_PER_HOUR?: number };

/** Per-user budgets for posted results (contracts RESULT_BUDGETS), kept in Redis so every replica shares them. */
export class ResultBudget {
  private readonly limiters: RateLimiterRedis[];

  constructor(redis: Redis, prefix: string, config: ResultBudgetConfig = {}) {
    const budgets = {
      perMinute: {
        ...RESULT_BUDGETS.perMinute,
        points: config.RESULT_BUDGET_PER_MINUTE ?? RESULT_BUDGETS.perMinute.points,
      },
      perHour: {
        ...RESULT_BUDGETS.perHour,
        points: config.RESULT_BUDGET_PER_HOUR ?? RESULT_BUDGETS.perHour.points,
      },
    };
    // While Redis is unreachable the budgets count in this process rather than refuse every child's result.
    this.limiters = Object.entries(budgets).map(([name, spec]) =>
      createBudgetLimiter(redis, `${prefix}results:budget:${name}`, spec),
    );
  }

  /**
   * Spends one result of each window (both at once: one round trip with the client's auto-pipelining); the seconds
   * to wait when one is spent, otherwise null.
   */
  async take(userId: number): Promise<number | null> {
    const waits = await Promise.all(
      this.limiters.map((limiter) =>
        limiter.consume(String(userId)).then(
          () => 0,
          (result: unknown) => {
            if (!(result instanceof RateLimiterRes)) throw result;
            return result.msBeforeNext;
          },
        ),
      ),
    );
    const worst = Math.max(...waits);
    return worst > 0 ? Math.max(1, Math.ceil(worst / 1000)) : null;
  }
}
