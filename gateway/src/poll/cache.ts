import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ALL_BADGE_CATEGORIES,
  badgeSummaryBody,
  badgeSummaryEtag,
  badgeSummaryFromCounts,
  CATEGORY_KEYS,
  type CategoryKey,
  etagMatches,
} from '@mathgames/contracts';

export const POLL_PATH = '/api/user-badges/summary';

/** The summary's category when the query is one the cache can answer (none, or one valid `category`); else null. */
export function cacheableCategory(url: string): CategoryKey | null {
  const query = url.slice(POLL_PATH.length);
  if (query === '' || query === '?') return ALL_BADGE_CATEGORIES;
  const match = /^\?category=([a-z]+)$/.exec(query);
  const key = match?.[1];
  return key !== undefined && (CATEGORY_KEYS as readonly string[]).includes(key)
    ? (key as CategoryKey)
    : null;
}

/**
 * A user's cached completed-badge counts and the answers made from them (per category), kept as long as the
 * counts are: each answer's body and ETag are computed once, not on every poll.
 */
export interface CachedCounts {
  counts: number[];
  answers: Map<CategoryKey, { etag: string; body: string }>;
}

/**
 * Answers the poll from the completed-badge counts the badge-worker cached, with the definitions the badges
 * service uses (contracts): the same body and ETag, and 304 when the client already has it.
 */
export function answerFromCounts(
  req: IncomingMessage,
  res: ServerResponse,
  cached: CachedCounts,
  category: CategoryKey,
  requestId: string,
): void {
  let answer = cached.answers.get(category);
  if (!answer) {
    const summary = badgeSummaryFromCounts(cached.counts, category);
    answer = { etag: badgeSummaryEtag(summary), body: badgeSummaryBody(summary) };
    cached.answers.set(category, answer);
  }
  const { etag, body } = answer;
  const headers: Record<string, string | number> = {
    'x-request-id': requestId,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-cache',
    etag,
  };
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(body);
  res.writeHead(200, headers);
  res.end(body);
}
