import {
  ALL_BADGE_CATEGORIES,
  type BadgeSummary,
  badgeSummaryFromCounts,
  type CategoryKey,
  SUMMARY_CATEGORIES,
} from '@mathgames/contracts';
import type { Db } from '@mathgames/platform';
import {
  completeSummaryRefreshes,
  countCompletedByCategory,
  countCompletedByCategoryMany,
  pendingSummaryRefreshes,
  requestSummaryRefresh,
  type SummaryRefresh,
} from '../data-access/badges-repository.js';
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
 * Brings the cache to the committed state for these users: their counts from Postgres, or the key removed when
 * they have no completed badge (an erased user), then their refresh requests marked done (summary_refreshes).
 * The badge worker calls it after the transaction that requested them committed, and again for whatever is still
 * requested later (`retrySummaryRefreshes`). If it fails (Redis or Postgres away) the keys are dropped when
 * possible, so the poll recomputes from Postgres, and the requests stay for the retry.
 */
export async function applySummaryRefreshes(
  deps: SummaryDeps,
  refreshes: readonly SummaryRefresh[],
): Promise<void> {
  if (refreshes.length === 0) return;
  try {
    const byUser = await countCompletedByCategoryMany(
      deps.pool,
      refreshes.map((r) => r.userId),
    );
    await Promise.all(
      [...byUser].map(([userId, byKey]) =>
        byKey.size === 0 ? deps.cache.forget(userId) : deps.cache.put(userId, toCounts(byKey)),
      ),
    );
  } catch (err) {
    await Promise.all(refreshes.map((r) => deps.cache.forget(r.userId))).catch(() => {});
    throw err;
  }
  await completeSummaryRefreshes(deps.pool, refreshes);
}

/**
 * A subscription's summary refreshes, from the transaction that requests them (`request`, inside it) to its
 * after-commit step (`afterCommit`, which applies the event's refresh). An entry left by a transaction that rolled
 * back is overwritten when the event is applied again; the bound keeps stuck ones from growing the map (a refresh
 * lost with them is still requested, and retried).
 */
export function summaryRefreshesAfterCommit(deps: SummaryDeps) {
  const requested = new Map<string, SummaryRefresh>();
  return {
    async request(tx: Db, eventId: string, userId: number): Promise<void> {
      if (requested.size >= 10_000) requested.clear();
      requested.set(eventId, { userId, version: await requestSummaryRefresh(tx, userId) });
    },
    async afterCommit(eventId: string): Promise<void> {
      const refresh = requested.get(eventId);
      if (!refresh) return;
      requested.delete(eventId);
      await applySummaryRefreshes(deps, [refresh]);
    },
  };
}

/** How much one retry round takes on; a longer backlog is taken in further rounds of the same run. */
const RETRY_BATCH = 500;

/**
 * The bound on staleness: every `everyMs`, whatever refresh is still requested `olderThanMs` after it was (a
 * refresh that failed, a worker stopped between the commit and the refresh) is applied again, until it succeeds.
 * Every badge-worker replica runs it; two applying the same request write the same counts.
 */
export function retrySummaryRefreshes(
  deps: SummaryDeps,
  options: { everyMs: number; olderThanMs: number },
): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const pending = await pendingSummaryRefreshes(deps.pool, options.olderThanMs, RETRY_BATCH);
        await applySummaryRefreshes(deps, pending);
        if (pending.length > 0)
          deps.logger.info({ users: pending.length }, 'badge summaries refreshed on retry');
        if (pending.length < RETRY_BATCH) break;
      }
    } catch (err) {
      deps.logger.warn({ err }, 'badge summary refresh retry failed; will try again');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), options.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
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
