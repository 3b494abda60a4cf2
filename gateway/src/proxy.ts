import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { GatewayConfig } from './config.js';

export type UpstreamName = 'auth' | 'game-results' | 'badges' | 'classes';

/** Which service owns an /api path (the proxy table); null means no service does. */
export function upstreamFor(path: string): UpstreamName | null {
  const owns = (prefix: string) =>
    path === prefix ||
    (path.startsWith(prefix) && (path[prefix.length] === '/' || path[prefix.length] === '?'));
  if (owns('/api/user-badges')) return 'badges';
  if (owns('/api/auth') || owns('/api/profile')) return 'auth';
  if (owns('/api/game-results') || owns('/api/statistics')) return 'game-results';
  if (owns('/api/classes')) return 'classes';
  return null;
}

export const SESSION_LOGIN_HEADER = 'x-mg-session-login';
export const SESSION_REVOKE_HEADER = 'x-mg-session-revoke-user';
export const SESSION_SHARED_HEADER = 'x-mg-session-shared';

// Hop-by-hop headers describe one connection, not the message; cookies are the gateway's alone.
const NOT_FORWARDED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'trailer',
  'te',
  'set-cookie',
]);

export interface SessionDirectives {
  login: number | null;
  revokeUser: number | null;
  /** With login: "this is a shared computer" was ticked. */
  sharedDevice: boolean;
}

export interface ProxyHooks {
  /** Headers to add to the upstream request (the signed identity and request id). */
  upstreamHeaders(req: Request): Record<string, string>;
  /** Applies the auth service's session directives before the response (and its cookie) is written. */
  applyDirectives(req: Request, res: Response, directives: SessionDirectives): Promise<void>;
  onUpstreamError(upstream: UpstreamName, err: Error, req: Request, res: ServerResponse): void;
}

const positiveInt = (value: string | string[] | undefined): number | null => {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
};

export function createProxies(config: GatewayConfig, hooks: ProxyHooks) {
  // Keep-alive: the badge poll would otherwise pay a TCP handshake to the badges service on every call.
  const agent = new Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64, scheduling: 'lifo' });
  const targets: Record<UpstreamName, string> = {
    auth: config.AUTH_URL,
    'game-results': config.GAME_RESULTS_URL,
    badges: config.BADGES_URL,
    classes: config.CLASSES_URL,
  };

  const make = (name: UpstreamName) =>
    createProxyMiddleware<Request, Response>({
      target: targets[name],
      agent,
      changeOrigin: true,
      xfwd: false,
      selfHandleResponse: true,
      proxyTimeout: config.UPSTREAM_TIMEOUT_MS,
      on: {
        proxyRes(proxyRes: IncomingMessage, req, res) {
          const directives: SessionDirectives = {
            login: positiveInt(proxyRes.headers[SESSION_LOGIN_HEADER]),
            revokeUser: positiveInt(proxyRes.headers[SESSION_REVOKE_HEADER]),
            sharedDevice: proxyRes.headers[SESSION_SHARED_HEADER] === '1',
          };
          const forward = () => {
            res.statusCode = proxyRes.statusCode ?? 502;
            for (const [key, value] of Object.entries(proxyRes.headers)) {
              if (value === undefined || NOT_FORWARDED_RESPONSE_HEADERS.has(key) || key.startsWith('x-mg-'))
                continue;
              res.setHeader(key, value);
            }
            proxyRes.on('error', () => res.destroy());
            proxyRes.pipe(res);
          };
          if (directives.login === null && directives.revokeUser === null) {
            forward();
            return;
          }
          // Only auth may steer sessions; a directive from any other service is ignored.
          if (name !== 'auth') {
            forward();
            return;
          }
          hooks.applyDirectives(req, res, directives).then(forward, (err: Error) => {
            proxyRes.resume();
            hooks.onUpstreamError(name, err, req, res);
          });
        },
        error(err, req, res) {
          if ('writeHead' in res) hooks.onUpstreamError(name, err, req as Request, res);
          else res.destroy();
        },
      },
    });

  // Headers are settled on the incoming request before the proxy copies them, never on the outgoing request in a
  // `proxyReq` hook: under load that request may already be flushed, and removing a header from it then throws
  // ERR_HTTP_HEADERS_SENT outside any handler (this took the gateway down at 10,000 tabs).
  const withUpstreamHeaders = (name: UpstreamName): RequestHandler => {
    const proxy = make(name);
    return (req, res, next) => {
      // The identity is computed first: it reads the client address from X-Forwarded-For (trust proxy).
      const identityHeaders = hooks.upstreamHeaders(req);
      // Express derives these from X-Forwarded-* on every read; express-session reads `secure` when it writes
      // the (Secure, production) cookie after the upstream answered. Pin them before the headers go.
      for (const key of ['secure', 'protocol', 'ip', 'ips', 'hostname'] as const)
        Object.defineProperty(req, key, { value: req[key], configurable: true, enumerable: true });
      // The browser's cookies (the session credential) and forwarding headers stay at the edge; the signed
      // identity carries everything a service needs to know about the caller.
      for (const header of Object.keys(req.headers)) {
        if (header === 'cookie' || header.startsWith('x-forwarded-') || header === 'forwarded')
          delete req.headers[header];
      }
      Object.assign(req.headers, identityHeaders);
      return proxy(req, res, next);
    };
  };

  return {
    auth: withUpstreamHeaders('auth'),
    'game-results': withUpstreamHeaders('game-results'),
    badges: withUpstreamHeaders('badges'),
    classes: withUpstreamHeaders('classes'),
    targets,
    agent,
    close() {
      agent.destroy();
    },
  };
}
