import { randomUUID } from 'node:crypto';
import { type Agent, type IncomingMessage, request, type ServerResponse } from 'node:http';
import {
  badgeSummaryBody,
  badgeSummaryEtag,
  badgeSummaryFromCounts,
  CATEGORY_KEYS,
  type CategoryKey,
  etagMatches,
} from '@mathgames/contracts';
import { IDENTITY_HEADER } from '@mathgames/platform';
import { sendJsonError } from './http-errors.js';
import { type Lang, resolveLanguage } from './language.js';

export const POLL_PATH = '/api/user-badges/summary';

const REQUEST_ID = /^[\w.:-]{1,128}$/;
// Upstream response headers a browser may see; everything else (hop-by-hop, cookies, x-mg-*) stays behind.
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'etag',
  'vary',
];

export interface PollFastPathDeps {
  target: URL;
  agent: Agent;
  clientIp(req: IncomingMessage): string;
  rateLimit(ip: string): Promise<number | null>;
  peek(cookieHeader: string | undefined): Promise<{ userId: number; sessionId: string } | null>;
  /** The user's completed-badge counts as the badge-worker cached them, or null on a miss. */
  cachedCounts(userId: number): Promise<number[] | null>;
  sign(identity: {
    userId: number | null;
    sessionId: string | null;
    lang: Lang;
    requestId: string;
    ip: string;
  }): string;
  onUpstreamError(err: Error, requestId: string): void;
  onError(err: unknown, requestId: string): void;
  observe(status: number, startedAt: bigint): void;
}

// Client headers the service may see on the poll: conditional requests let an unchanged summary answer 304.
const FORWARDED_REQUEST_HEADERS = ['if-none-match', 'accept-encoding'] as const;

function upstreamHeaders(req: IncomingMessage, identity: string, requestId: string): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [IDENTITY_HEADER]: identity,
    'x-request-id': requestId,
  };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** The summary's category when the query is one the cache can answer (none, or one valid `category`); else null. */
function cacheableCategory(url: string): CategoryKey | null {
  const query = url.slice(POLL_PATH.length);
  if (query === '' || query === '?') return 'tumu';
  const match = /^\?category=([a-z]+)$/.exec(query);
  const key = match?.[1];
  return key !== undefined && (CATEGORY_KEYS as readonly string[]).includes(key)
    ? (key as CategoryKey)
    : null;
}

/**
 * The badge summary, polled every 3 s by every open tab, is the hottest request in the product. It is answered
 * here, before Express: no router, no session middleware (it must not touch the session anyway), one Redis
 * round trip for the rate limit and one for the session, both at once, and the response written in one go.
 * For a logged-in user whose counts the badge-worker has cached, the answer (body, ETag, 304) is built right here
 * from that one Redis value, with the definitions the badges service uses (contracts), saving the hop to it; a
 * miss, a guest or any other query goes to the badges service, which computes, fills the cache and validates.
 * The rules are the same as on the general path: client headers never reach the service (only the signed
 * identity, request id and conditional/encoding headers are sent), and a service that is down gives the same 503 JSON.
 * Returns false for any other request.
 */
export function createPollFastPath(deps: PollFastPathDeps) {
  return function handlePoll(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    if (req.method !== 'GET' || !(url === POLL_PATH || url.startsWith(`${POLL_PATH}?`))) return false;
    const startedAt = process.hrtime.bigint();
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    const lang = resolveLanguage(req.headers);
    const ip = deps.clientIp(req);
    res.once('finish', () => deps.observe(res.statusCode, startedAt));

    Promise.all([deps.rateLimit(ip), deps.peek(req.headers.cookie)]).then(
      ([wait, session]) => {
        if (wait !== null) {
          res.setHeader('Retry-After', String(wait));
          return sendJsonError(res, 429, 'rate_limited', lang, { seconds: wait });
        }
        const forward = () =>
          forwardToService(deps, req, res, {
            url,
            lang,
            requestId,
            identity: deps.sign({
              userId: session?.userId ?? null,
              sessionId: session?.sessionId ?? null,
              lang,
              requestId,
              ip,
            }),
          });
        const category = session ? cacheableCategory(url) : null;
        if (!session || category === null) return forward();
        deps.cachedCounts(session.userId).then(
          (counts) => {
            if (!counts) return forward();
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
          },
          // Redis hiccup: the badges service answers (from Postgres if it must).
          () => forward(),
        );
      },
      (err: unknown) => {
        deps.onError(err, requestId);
        sendJsonError(res, 503, 'service_unavailable', lang);
      },
    );
    return true;
  };
}

/** Sends the poll on to the badges service and streams its answer back. */
function forwardToService(
  deps: PollFastPathDeps,
  req: IncomingMessage,
  res: ServerResponse,
  ctx: { url: string; lang: Lang; requestId: string; identity: string },
): void {
  const { url, lang, requestId, identity } = ctx;
  const upstream = request(
    {
      host: deps.target.hostname,
      port: deps.target.port,
      path: url, // the service owns the same path and query
      method: 'GET',
      agent: deps.agent,
      headers: upstreamHeaders(req, identity, requestId),
    },
    (upstreamRes) => {
      const headers: Record<string, string | string[]> = {
        'x-request-id': requestId,
        'x-content-type-options': 'nosniff',
      };
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = upstreamRes.headers[name];
        if (value !== undefined) headers[name] = value;
      }
      res.writeHead(upstreamRes.statusCode ?? 502, headers);
      upstreamRes.on('error', () => res.destroy());
      upstreamRes.pipe(res);
    },
  );
  upstream.setTimeout(15_000, () => upstream.destroy(new Error('upstream timed out')));
  upstream.on('error', (err) => {
    deps.onUpstreamError(err, requestId);
    sendJsonError(res, 503, 'service_unavailable', lang);
  });
  // A tab closed mid-request: stop waiting for the service.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.end();
}
