import { badgeSummaryCacheKey, decodeCompletedCounts, encodeCompletedCounts } from '@mathgames/contracts';
import type { Redis } from 'ioredis';

/**
 * Completed-badge counts of one user in SUMMARY_CATEGORIES order (contracts), stored in Redis as one short string
 * so the 3-second summary poll costs exactly one GET; the gateway's poll path reads the same key.
 */
export type CompletedCounts = number[];

/** Completed counts only grow; the cache keeps the largest "all" figure so a late, older refresh cannot win. */
const SET_IF_NOT_OLDER = `
local current = redis.call('GET', KEYS[1])
if current then
  local old = tonumber(string.match(current, '^%d+'))
  local new = tonumber(string.match(ARGV[1], '^%d+'))
  if old and new and new < old then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1
`;

/**
 * How long a user's counts stay without a change: past a week, so a class that plays once a week finds them at its
 * next lesson (a lesson opening with every count cold costs the system about ten times a warm one;
 * docs/decisions/0011-badge-counts-kept-eight-days.md). About 100 bytes a pupil in Redis. It is not what bounds staleness: a change's refresh is
 * requested in its transaction and retried until Redis holds it (badge-summary.ts, `retrySummaryRefreshes`).
 */
export const SUMMARY_CACHE_TTL_SECONDS = 8 * 24 * 3600;

export interface SummaryCache {
  get(userId: number): Promise<CompletedCounts | null>;
  put(userId: number, counts: CompletedCounts): Promise<void>;
  forget(userId: number): Promise<void>;
}

export function createSummaryCache(redis: Redis, prefix: string): SummaryCache {
  const key = (userId: number) => badgeSummaryCacheKey(prefix, userId);
  return {
    async get(userId) {
      return decodeCompletedCounts(await redis.get(key(userId)));
    },
    async put(userId, counts) {
      await redis.eval(
        SET_IF_NOT_OLDER,
        1,
        key(userId),
        encodeCompletedCounts(counts),
        SUMMARY_CACHE_TTL_SECONDS,
      );
    },
    async forget(userId) {
      await redis.del(key(userId));
    },
  };
}
