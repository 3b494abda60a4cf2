import { z } from 'zod';
import type { BadgeSummary } from '../schemas/badges.js';
import { ALL_BADGE_CATEGORIES, CATEGORY_KEYS, type CategoryKey } from '../values.js';
import { BADGE_CATALOGUE } from './catalogue.js';

/**
 * The badge summary `{ total, completed }`, polled every 3 s by every open tab. The badge-worker keeps each user's
 * completed counts in one Redis string; the badges service and the gateway's poll path both read it, so its key,
 * format, body and validator are defined here once.
 */
/** ALL_BADGE_CATEGORIES first, then one per game type: the order of the cached counts. */
export const SUMMARY_CATEGORIES: readonly CategoryKey[] = CATEGORY_KEYS;

export const BADGE_TOTALS: Readonly<Record<CategoryKey, number>> = Object.fromEntries(
  SUMMARY_CATEGORIES.map((key) => [
    key,
    key === ALL_BADGE_CATEGORIES
      ? BADGE_CATALOGUE.length
      : BADGE_CATALOGUE.filter((b) => b.categoryKey === key).length,
  ]),
) as Record<CategoryKey, number>;

export function badgeSummaryCacheKey(redisPrefix: string, userId: number): string {
  return `${redisPrefix}badges:summary:${userId}`;
}

/** Completed counts in SUMMARY_CATEGORIES order, as one short comma-separated string (no JSON to parse). */
export function encodeCompletedCounts(counts: readonly number[]): string {
  return counts.join(',');
}

/** The cached counts, or null when the value is missing or not of the current shape (then recompute). */
export function decodeCompletedCounts(value: string | null): number[] | null {
  if (value === null) return null;
  const counts = value.split(',').map(Number);
  return counts.length === SUMMARY_CATEGORIES.length && counts.every((n) => Number.isInteger(n) && n >= 0)
    ? counts
    : null;
}

export function badgeSummaryFromCounts(counts: readonly number[], category: CategoryKey): BadgeSummary {
  return { total: BADGE_TOTALS[category], completed: counts[SUMMARY_CATEGORIES.indexOf(category)] ?? 0 };
}

/** Strong validator of the exact body: same total and completed, same bytes. */
export function badgeSummaryEtag(summary: BadgeSummary): string {
  return `"s${summary.total}-${summary.completed}"`;
}

export function badgeSummaryBody(summary: BadgeSummary): string {
  return `{"total":${summary.total},"completed":${summary.completed}}`;
}

/** True when an If-None-Match header (possibly a list, weak tags or *) names the current validator. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Cold counts in one call (docs/decisions/0010-cold-polls-in-one-call.md): a poll whose counts are in neither the gateway's memory nor Redis (a
 * lesson's first poll, after the cache's TTL) is not sent on to the service one by one; the gateway asks for every
 * such user of a short window at once, and the badges service answers from one query and fills Redis. Internal:
 * the gateway never forwards a browser's request to this path, and the service takes only a gateway-signed call.
 */
export const BADGE_COUNTS_PATH = '/internal/badge-summary-counts';
export const BADGE_COUNTS_MAX_USERS = 200;

export const badgeCountsRequestSchema = z.object({
  userIds: z.array(z.number().int().positive()).min(1).max(BADGE_COUNTS_MAX_USERS),
});

export const badgeCountsResponseSchema = z.object({
  items: z.array(
    z.object({
      userId: z.number().int().positive(),
      counts: z.array(z.number().int().nonnegative()).length(SUMMARY_CATEGORIES.length),
    }),
  ),
});
export type BadgeCountsResponse = z.infer<typeof badgeCountsResponseSchema>;
