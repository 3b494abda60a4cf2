import {
  Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { type Logger, readSessionDirectives } from '@mathgames/platform';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { GatewayConfig } from './config.js';
import { sendJsonError } from './http-errors.js';
import { asUpstreamRequest, INTERNAL_HEADER_PREFIX } from './request-context.js';
import type { SessionLayer } from './session/layer.js';
import { type UpstreamName, upstreamFor, upstreamTargets } from './upstreams.js';

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

/** A service's response headers as the browser gets them: no hop-by-hop headers, cookies or internal (x-mg-) ones. */
export function forwardedResponseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const forwarded: OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) {
    if (
      value !== undefined &&
      !key.startsWith(INTERNAL_HEADER_PREFIX) &&
      !NOT_FORWARDED_RESPONSE_HEADERS.has(key)
    )
      forwarded[key] = value;
  }
  return forwarded;
}

/** A service could not take a request (down, timed out): logged once, the caller answers the translated 503. */
export function logUpstreamDown(logger: Logger, upstream: UpstreamName, err: Error, requestId: string): void {
  logger.warn({ upstream, err: err.message, requestId }, 'upstream unavailable');
}

/**
 * Forwards /api requests to the service that owns the path, as the signed-in caller, and applies the session
 * directives of the auth service's answers. `handle` is the /api dispatcher (404 JSON for a path no service owns).
 */
export function createProxies(
  config: GatewayConfig,
  sessions: SessionLayer,
  logger: Logger,
  /** A body the gateway already read (body-gate.ts): written to the upstream request, since `req` has ended. */
  bodyOf: (req: IncomingMessage) => Buffer | undefined,
) {
  // Keep-alive: the badge poll would otherwise pay a TCP handshake to the badges service on every call.
  const agent = new Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64, scheduling: 'lifo' });
  const targets = upstreamTargets(config);
  const unavailable = (name: UpstreamName, err: Error, req: Request, res: ServerResponse) => {
    logUpstreamDown(logger, name, err, req.requestId);
    sendJsonError(res, 503, 'service_unavailable', req.lang ?? 'tr');
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
          const forward = () => {
            res.statusCode = proxyRes.statusCode ?? 502;
            for (const [key, value] of Object.entries(forwardedResponseHeaders(proxyRes.headers)))
              res.setHeader(key, value!);
            proxyRes.on('error', () => res.destroy());
            proxyRes.pipe(res);
          };
          const directives = readSessionDirectives(proxyRes.headers);
          // Only auth may steer sessions; a directive from any other service is ignored.
          if (name !== 'auth' || (directives.login === null && directives.revokeUser === null))
            return forward();
          sessions.applyDirectives(req, directives).then(forward, (err: Error) => {
            proxyRes.resume();
            unavailable(name, err, req, res);
          });
        },
        error(err, req, res) {
          if ('writeHead' in res) unavailable(name, err, req as Request, res);
          else res.destroy();
        },
      },
    });

  const withCallerHeaders = (name: UpstreamName): RequestHandler => {
    const proxy = make(name);
    return (req, res, next) => {
      asUpstreamRequest(req, config.INTERNAL_SECRET);
      // The body was read before admission (body-gate.ts), so the request stream has ended: the proxy's (httpxy's)
      // `req.pipe(proxyReq)`, once an upstream socket is assigned, sends the kept body instead (headers, Content-Length
      // or chunked, are the client's and the body is exactly what it declared).
      const body = bodyOf(req);
      if (body) {
        req.pipe = (<T extends NodeJS.WritableStream>(destination: T): T => {
          destination.end(body);
          return destination;
        }) as typeof req.pipe;
      }
      return proxy(req, res, next);
    };
  };
  const proxies: Record<UpstreamName, RequestHandler> = {
    auth: withCallerHeaders('auth'),
    'game-results': withCallerHeaders('game-results'),
    badges: withCallerHeaders('badges'),
    classes: withCallerHeaders('classes'),
  };

  return {
    handle(req: Request, res: Response, next: NextFunction) {
      const upstream = upstreamFor(req.originalUrl.split('?', 1)[0]!);
      if (!upstream) return sendJsonError(res, 404, 'not_found', req.lang);
      // Express strips the '/api' mount from req.url; services expect the full path.
      req.url = req.originalUrl;
      return proxies[upstream](req, res, next);
    },
    agent,
    close() {
      agent.destroy();
    },
  };
}
