import type { ServerResponse } from 'node:http';
import { translate } from '@mathgames/contracts';
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
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ code, message: translate(code, lang, vars) });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}
