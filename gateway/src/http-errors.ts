import type { ServerResponse } from 'node:http';
import { translate } from '@mathgames/contracts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@mathgames/platform';
import type { Lang } from './language.js';

/**
 * Answers `{ code, message }` in the user's language, the shape every service uses. Written in one call
 * (status, headers and body together) because this also serves the 503/429 paths under load.
 */
export function sendJsonError(
  res: ServerResponse,
  status: number,
  code: string,
  lang: Lang,
  vars?: Record<string, string | number>,
  retryAfterSeconds?: number,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ code, message: translate(code, lang, vars) });
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  };
  // Every 503 says when to come back, so the app (and its queue of unsent results) retries instead of failing.
  if (status === 503) headers['retry-after'] = String(retryAfterSeconds ?? UNAVAILABLE_RETRY_AFTER_SECONDS);
  res.writeHead(status, headers);
  res.end(body);
}
