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
 * Answers the poll from the completed-badge counts the badge-worker cached, with the definitions the badges
 * service uses (contracts): the same body and ETag, and 304 when the client already has it.
 */
export function answerFromCounts(
  req: IncomingMessage,
  res: ServerResponse,
  counts: number[],
  category: CategoryKey,
  requestId: string,
): void {
  const summary = badgeSummaryFromCounts(counts, category);
  const etag = badgeSummaryEtag(summary);
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
  const body = badgeSummaryBody(summary);
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(body);
  res.writeHead(200, headers);
  res.end(body);
}
