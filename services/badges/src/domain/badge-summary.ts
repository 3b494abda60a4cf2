import {
  ALL_BADGE_CATEGORIES,
  type BadgeSummary,
  badgeSummaryFromCounts,
  type CategoryKey,
  SUMMARY_CATEGORIES,
} from '@mathgames/contracts';
import type { Db } from '@mathgames/platform';
import { countCompletedByCategory, countCompletedByCategoryMany } from '../data-access/badges-repository.js';
import type { CompletedCounts } from '../data-access/summary-cache.js';
import type { BadgesDeps } from './deps.js';

/** What the summary needs of the service's dependencies (the badge-worker has these too). */
export type SummaryDeps = Pick<BadgesDeps, 'pool' | 'cache' | 'logger'>;

function toCounts(byKey: Map<string, number>): CompletedCounts {
  let all = 0;
  for (const n of byKey.values()) all += n;
  return SUMMARY_CATEGORIES.map((key) => (key === ALL_BADGE_CATEGORIES ? all : (byKey.get(key) ?? 0)));
}

/** Reads the user's completed counts from Postgres: at most the catalogue's rows, whatever the history. */
export async function computeCompletedCounts(pool: Db, userId: number): Promise<CompletedCounts> {
  return toCounts(await countCompletedByCategory(pool, userId));
}

/**
 * Recomputes and caches a user's summary; the badge worker calls it after its transaction committed, so the
 * counts include the change. If it fails (Redis or Postgres away) the key is dropped when possible, and in any
 * case expires within the cache TTL: the poll then recomputes from Postgres.
 */
export async function refreshSummary(deps: SummaryDeps, userId: number): Promise<void> {
  try {
    await deps.cache.put(userId, await computeCompletedCounts(deps.pool, userId));
  } catch (err) {
    await deps.cache.forget(userId).catch(() => {});
    throw err;
  }
}

/**
 * The 3-second poll: one Redis GET when cached. A miss (new user, evicted, Redis flushed) recomputes from Postgres
 * and fills the cache; if Redis is down the answer still comes from Postgres rather than failing the tab.
 */
export async function getSummary(
  deps: SummaryDeps,
  userId: number,
  category: CategoryKey,
): Promise<BadgeSummary> {
  let counts: CompletedCounts | null = null;
  try {
    counts = await deps.cache.get(userId);
  } catch (err) {
    deps.logger.warn({ err }, 'badge summary cache read failed; answering from Postgres');
  }
  if (!counts) {
    counts = await computeCompletedCounts(deps.pool, userId);
    deps.cache.put(userId, counts).catch((err: unknown) => {
      deps.logger.warn({ err }, 'badge summary cache fill failed');
    });
  }
  return badgeSummaryFromCounts(counts, category);
}

/**
 * The gateway's cold misses in one call (BADGE_COUNTS_PATH): every user's counts from one Postgres query, each
 * put in Redis (with the same guard as the worker's refresh) so the next poll is a Redis or memory read.
 */
export async function getCountsMany(
  deps: SummaryDeps,
  userIds: readonly number[],
): Promise<Array<{ userId: number; counts: CompletedCounts }>> {
  const byUser = await countCompletedByCategoryMany(deps.pool, userIds);
  return [...byUser].map(([userId, byKey]) => {
    const counts = toCounts(byKey);
    deps.cache.put(userId, counts).catch((err: unknown) => {
      deps.logger.warn({ err }, 'badge summary cache fill failed');
    });
    return { userId, counts };
  });
}
