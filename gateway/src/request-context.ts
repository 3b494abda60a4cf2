import type { Lang } from '@mathgames/contracts';
import { IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import type { NextFunction, Request, Response } from 'express';
import { apiContextOf } from './api-rules.js';
import { publicSessionId } from './session/layer.js';

declare global {
  namespace Express {
    interface Request {
      requestId: string;
      lang: Lang;
      userId: number | null;
    }
  }
}

/** Internal headers (the signed identity, session directives) start with this; only the gateway sets them. */
export const INTERNAL_HEADER_PREFIX = 'x-mg-';

/** Every /api request: its id (also sent back), its language, no user yet, and no client-sent internal header. */
export function tagApiRequest(req: Request, res: Response, next: NextFunction): void {
  // Rule `context` (api-rules.ts), as on the fast paths.
  const { lang, requestId } = apiContextOf(req.headers);
  req.requestId = requestId;
  req.lang = lang;
  req.userId = null;
  res.setHeader('x-request-id', req.requestId);
  // Cookies and X-Forwarded-* stay readable for the session (Secure cookies need the forwarded protocol) and are
  // removed from the upstream request in the proxy, so services never see the session credential.
  for (const name of Object.keys(req.headers)) {
    if (name.startsWith(INTERNAL_HEADER_PREFIX)) delete req.headers[name];
  }
  next();
}

export interface Caller {
  userId: number | null;
  /** The gateway's own session id; services get only its public handle. */
  sessionId: string | null | undefined;
  lang: Lang;
  requestId: string;
  ip: string;
}

/** The headers that tell a service who calls: the identity signed for this one method and path, and the request id. */
export function callerHeaders(
  secret: string,
  caller: Caller,
  target: { method: string; path: string },
): Record<string, string> {
  const identity = signIdentity(
    { ...caller, sessionId: publicSessionId(caller.sessionId ?? undefined) },
    secret,
    target,
  );
  return { [IDENTITY_HEADER]: identity, 'x-request-id': caller.requestId };
}

/** `callerHeaders` for a request answered before Express, from its peeked session (none: a guest). */
export function peekedCallerHeaders(
  secret: string,
  session: { userId: number; sessionId: string } | null,
  request: Omit<Caller, 'userId' | 'sessionId'>,
  target: { method: string; path: string },
): Record<string, string> {
  const caller = { ...request, userId: session?.userId ?? null, sessionId: session?.sessionId };
  return callerHeaders(secret, caller, target);
}

/**
 * Turns a browser's /api request into the one its service gets: the signed identity of the caller instead of the
 * browser's cookies (the session credential) and forwarding headers, which stay at the edge. Headers are settled
 * here on the incoming request before the proxy copies them, never on the outgoing request in a `proxyReq` hook:
 * under load that request may already be flushed, and removing a header from it then throws ERR_HTTP_HEADERS_SENT
 * outside any handler (this took the gateway down at 10,000 tabs).
 */
export function asUpstreamRequest(req: Request, secret: string): void {
  // The identity is computed first: it reads the client address from X-Forwarded-For (trust proxy).
  const { userId, lang, requestId } = req;
  const caller = { userId, lang, requestId, sessionId: req.gatewaySessionId, ip: req.ip ?? '' };
  // Signed for this call only: the proxy forwards originalUrl unchanged.
  const identity = callerHeaders(secret, caller, { method: req.method, path: req.originalUrl });
  // Express derives these from X-Forwarded-* on every read; express-session reads `secure` when it writes
  // the (Secure, production) cookie after the upstream answered. Pin them before the headers go.
  for (const key of ['secure', 'protocol', 'ip', 'ips', 'hostname'] as const)
    Object.defineProperty(req, key, { value: req[key], configurable: true, enumerable: true });
  for (const header of Object.keys(req.headers)) {
    if (header === 'cookie' || header.startsWith('x-forwarded-') || header === 'forwarded')
      delete req.headers[header];
  }
  Object.assign(req.headers, identity);
}
