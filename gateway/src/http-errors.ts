import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Lang } from '@mathgames/contracts';
import { translate } from '@mathgames/contracts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@mathgames/platform';

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

/** 429 with Retry-After: the client is over a rate limit for `seconds` more. */
export function sendRateLimited(res: ServerResponse, lang: Lang, seconds: number): void {
  res.setHeader('Retry-After', String(seconds));
  sendJsonError(res, 429, 'rate_limited', lang, { seconds });
}

/**
 * Node answers an oversized URL or header block (431), a request not received within its timeouts (408) or a
 * malformed request (400) itself, with an empty body; this answers those in the API's JSON shape instead (in
 * Turkish: no header could be read for the language).
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, messageKey] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? ['431 Request Header Fields Too Large', 'request_too_large', 'request_too_large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['408 Request Timeout', 'request_timeout', 'request_timeout']
        : ['400 Bad Request', 'bad_request', 'validation_error'];
  const body = JSON.stringify({ code, message: translate(messageKey, 'tr') });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
