import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  badgeSummaryCacheKey,
  buildOpenApiDocument,
  decodeCompletedCounts,
  translate,
} from '@mathgames/contracts';
import {
  createLogger,
  IDENTITY_HEADER,
  isShuttingDown,
  isUnavailableError,
  type Logger,
  signIdentity,
} from '@mathgames/platform';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Redis } from 'ioredis';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import proxyAddr from 'proxy-addr';
import type { GatewayConfig } from './config.js';
import { sendJsonError } from './http-errors.js';
import { type Lang, resolveLanguage } from './language.js';
import { createLoadShedder } from './load-shedding.js';
import { createPollFastPath, POLL_PATH } from './poll-fast-path.js';
import { createProxies, type UpstreamName, upstreamFor } from './proxy.js';
import { createRateLimits } from './rate-limit.js';
import { createCrossSiteCheck, securityHeaders } from './security.js';
import { createSessionLayer, publicSessionId } from './session.js';
import { spaHandlers } from './spa.js';

export { type GatewayConfig, gatewayConfigShape, loadGatewayConfig } from './config.js';
export { resolveLanguage } from './language.js';
export { upstreamFor } from './proxy.js';

declare global {
  namespace Express {
    interface Request {
      requestId: string;
      lang: Lang;
      userId: number | null;
    }
  }
}

/**
 * Paths polled in the background: they must not extend the session (idle timeout) nor write a cookie.
 * The badge summary is polled every 3 s by every open tab, so it also takes the leanest path.
 */
const UNTOUCHED_SESSION_PATHS = new Set(['/api/user-badges/summary']);

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface Gateway {
  app: express.Express;
  listen(port?: number): Promise<Server>;
  close(): Promise<void>;
}

export interface GatewayOptions {
  logger?: Logger;
}

export function createGateway(config: GatewayConfig, options: GatewayOptions = {}): Gateway {
  const logger = options.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const redis = new Redis(config.REDIS_URL, {
    // Commands issued in the same tick share one write: fewer system calls on the polling path.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    // With Redis gone a command must fail at once (the caller answers 503), never wait in ioredis' queue until
    // Redis returns: that is how /api/auth/me hung. The offline queue is kept only until the first connection
    // succeeds or fails, so requests during start-up wait a few milliseconds instead of failing; the timeout
    // covers a Redis that accepts the connection but does not answer.
    commandTimeout: 1_000,
  });
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis connection problem'));
  const failFast = () => {
    redis.options.enableOfflineQueue = false;
  };
  redis.once('ready', failFast);
  redis.once('error', failFast);

  const sessions = createSessionLayer(config, redis);
  const rateLimits = createRateLimits(config, redis, (err) =>
    logger.warn(
      { err: err instanceof Error ? err.message : err },
      'rate limiter unavailable, allowing request',
    ),
  );
  const isCrossSite = createCrossSiteCheck(config);

  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gateway_' });
  const requests = new Counter({
    name: 'gateway_http_requests_total',
    help: 'Requests answered by the gateway',
    labelNames: ['target', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'Time to answer a request, by target',
    labelNames: ['target'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const shedRequests = new Counter({
    name: 'gateway_shed_requests_total',
    help: 'Requests refused with 503 because the gateway was past its capacity, by signal',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const shedder = createLoadShedder({
    maxInFlight: config.GATEWAY_MAX_IN_FLIGHT,
    maxEventLoopDelayMs: config.GATEWAY_MAX_EVENT_LOOP_DELAY_MS,
  });
  new Gauge({
    name: 'gateway_in_flight_requests',
    help: 'Requests accepted and not yet answered (load shedding starts at GATEWAY_MAX_IN_FLIGHT)',
    registers: [registry],
    collect() {
      this.set(shedder.inFlight);
    },
  });

  let ready = true;
  let openApiDocument: string | undefined;

  const proxies = createProxies(config, {
    upstreamHeaders(req) {
      const identity = signIdentity(
        {
          userId: req.userId,
          sessionId: publicSessionId(req.gatewaySessionId),
          lang: req.lang,
          requestId: req.requestId,
          ip: req.ip ?? '',
        },
        config.INTERNAL_SECRET,
        // Signed for this call only: the proxy forwards originalUrl unchanged.
        { method: req.method, path: req.originalUrl },
      );
      return { [IDENTITY_HEADER]: identity, 'x-request-id': req.requestId };
    },
    async applyDirectives(req, _res, directives) {
      if (directives.revokeUser !== null) {
        await sessions.revokeUser(directives.revokeUser);
        // The request's own session object would otherwise be written back when the response ends.
        if (req.session?.uid === directives.revokeUser) {
          await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
        }
      }
      if (directives.login !== null && req.session)
        await sessions.login(req, directives.login, { sharedDevice: directives.sharedDevice });
    },
    onUpstreamError(upstream, err, req, res) {
      logger.warn({ upstream, err: err.message, requestId: req.requestId }, 'upstream unavailable');
      sendJsonError(res, 503, 'service_unavailable', req.lang ?? 'tr');
    },
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(config.TRUST_PROXY));
  app.set('etag', false);

  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    const target = req.path.startsWith('/api/') ? (upstreamFor(req.path) ?? 'gateway') : 'web';
    res.once('finish', () => {
      requests.inc({ target, method: req.method, status: res.statusCode });
      latency.observe({ target }, Number(process.hrtime.bigint() - start) / 1e9);
    });
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Readiness is "send me traffic", and the gateway can always serve something useful: the app, the pre-rendered
  // pages, guest play, and a translated 503 for the API parts that are down. So it depends on nothing outside
  // the process. Were it to check Redis or the services, an outage would make every gateway pod unready at once
  // and Kubernetes would take them all out of the Service: the whole site dark instead of partly degraded.
  // It turns false as soon as shutdown starts, so load balancers stop sending before we stop listening.
  app.get('/readyz', (_req, res) => {
    const accepting = ready && !isShuttingDown();
    res.status(accepting ? 200 : 503).json({ status: accepting ? 'ok' : 'shutting_down' });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  });

  app.use(securityHeaders(config));

  app.use('/api', async (req: Request, res: Response, next: NextFunction) => {
    const given = req.headers['x-request-id'];
    req.requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.lang = resolveLanguage(req.headers);
    req.userId = null;
    res.setHeader('x-request-id', req.requestId);
    // Internal headers are the gateway's to set: whatever a client sends under x-mg-* is dropped here. Cookies
    // and X-Forwarded-* stay readable for the session (Secure cookies need the forwarded protocol) and are
    // removed from the upstream request in the proxy, so services never see the session credential.
    for (const name of Object.keys(req.headers)) {
      if (name.startsWith('x-mg-')) delete req.headers[name];
    }

    if (isCrossSite(req)) return sendJsonError(res, 403, 'forbidden', req.lang);

    const path = req.originalUrl.split('?', 1)[0]!;
    try {
      if (UNTOUCHED_SESSION_PATHS.has(path) && req.method === 'GET') {
        const [wait, session] = await Promise.all([
          rateLimits.check(req.ip ?? '', req.method, path),
          sessions.peek(req.headers.cookie),
        ]);
        if (wait !== null) return tooMany(res, req.lang, wait);
        req.userId = session?.userId ?? null;
        req.gatewaySessionId = session?.sessionId;
        req.url = req.originalUrl;
        return proxies.badges(req, res, next);
      }
      const upstream = upstreamFor(path);
      if (upstream !== null && upstream !== 'auth') {
        // Game results, statistics and badges only need to know who asks: the session is read without
        // express-session (no store write, no cookie) unless its idle timeout is due for extension. Auth keeps
        // the full middleware: login, logout and revocation act on the session itself.
        const [wait, session] = await Promise.all([
          rateLimits.check(req.ip ?? '', req.method, path),
          sessions.peek(req.headers.cookie),
        ]);
        if (wait !== null) return tooMany(res, req.lang, wait);
        if (!session || !sessions.dueForTouch(session)) {
          req.userId = session?.userId ?? null;
          req.gatewaySessionId = session?.sessionId;
          return next();
        }
      } else {
        const wait = await rateLimits.check(req.ip ?? '', req.method, path);
        if (wait !== null) return tooMany(res, req.lang, wait);
      }
    } catch (err) {
      return next(err);
    }
    sessions.middleware(req, res, async (err?: unknown) => {
      if (err) return next(err);
      try {
        req.userId = await sessions.currentUserId(req);
        next();
      } catch (error) {
        next(error);
      }
    });
  });

  app.post('/api/auth/logout', async (req, res, next) => {
    try {
      await sessions.logout(req, res);
      res.set('Cache-Control', 'no-store').json({ message: translate('logged_out', req.lang) });
    } catch (err) {
      next(err);
    }
  });

  app.get('/api/openapi.json', (_req, res) => {
    // Built once, on first request: the document is derived from the contracts schemas and never changes.
    openApiDocument ??= JSON.stringify(buildOpenApiDocument());
    res.type('application/json').set('Cache-Control', 'no-cache').send(openApiDocument);
  });

  app.use('/api', (req, res, next) => {
    const upstream: UpstreamName | null = upstreamFor(req.originalUrl.split('?', 1)[0]!);
    if (upstream) {
      // Express strips the '/api' mount from req.url; services expect the full path.
      req.url = req.originalUrl;
      return proxies[upstream](req, res, next);
    }
    sendJsonError(res, 404, 'not_found', req.lang);
  });

  app.use(spaHandlers(config.SPA_DIR));

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const lang = req.lang ?? resolveLanguage(req.headers);
    // Malformed URLs and headers are the client's fault; anything else is ours, logged with the request id.
    const status = (err as { status?: number }).status;
    if (err instanceof URIError || status === 400) return sendJsonError(res, 400, 'validation_error', lang);
    if (isUnavailableError(err)) {
      // Redis (sessions) is down: the request was fine, the app retries after Retry-After.
      logger.warn({ err: (err as Error).message, requestId: req.requestId }, 'session store unavailable');
      return sendJsonError(res, 503, 'service_unavailable', lang);
    }
    logger.error({ err, requestId: req.requestId }, 'gateway request failed');
    sendJsonError(res, 500, 'internal_error', lang);
  });

  const trust = trustFunction(config.TRUST_PROXY);
  const handlePoll = createPollFastPath({
    target: new URL(proxies.targets.badges),
    agent: proxies.agent,
    clientIp: (req) => proxyAddr(req, trust),
    rateLimit: (ip) => rateLimits.check(ip, 'GET', POLL_PATH),
    peek: (cookie) => sessions.peek(cookie),
    cachedCounts: async (userId) =>
      decodeCompletedCounts(await redis.get(badgeSummaryCacheKey(config.REDIS_PREFIX, userId))),
    sign: (identity) =>
      signIdentity(
        { ...identity, sessionId: publicSessionId(identity.sessionId ?? undefined) },
        config.INTERNAL_SECRET,
        { method: 'GET', path: POLL_PATH },
      ),
    onUpstreamError: (err, requestId) =>
      logger.warn({ upstream: 'badges', err: err.message, requestId }, 'upstream unavailable'),
    onError: (err, requestId) =>
      isUnavailableError(err)
        ? logger.warn({ err: (err as Error).message, requestId }, 'session store unavailable')
        : logger.error({ err, requestId }, 'badge summary poll failed'),
    observe: (status, startedAt) => {
      requests.inc({ target: 'badges', method: 'GET', status });
      latency.observe({ target: 'badges' }, Number(process.hrtime.bigint() - startedAt) / 1e9);
    },
  });

  let server: Server | undefined;

  return {
    app,
    listen(port = config.PORT ?? 8080) {
      return new Promise((resolve, reject) => {
        const s = createServer((req, res) => {
          const shed = shedder.admit(req, res);
          if (shed) {
            shedRequests.inc({ reason: shed });
            return sendJsonError(
              res,
              503,
              'service_unavailable',
              resolveLanguage(req.headers),
              undefined,
              shedder.retryAfterSeconds,
            );
          }
          if (!handlePoll(req, res)) app(req, res);
        });
        s.listen(port, () => {
          const address = s.address() as AddressInfo;
          logger.info({ port: address.port }, 'gateway listening');
          resolve(s);
        });
        s.once('error', reject);
        // Node answers an oversized URL or header block (431) or a malformed request (400) itself, with an
        // empty body; answer those in the API's JSON shape instead.
        s.on('clientError', (err: NodeJS.ErrnoException, socket) => {
          if (!socket.writable) return socket.destroy();
          const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
          const code = tooLarge ? 'request_too_large' : 'bad_request';
          const body = JSON.stringify({
            code,
            message: translate(tooLarge ? 'request_too_large' : 'validation_error', 'tr'),
          });
          socket.end(
            `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
              `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
              `Connection: close\r\n\r\n${body}`,
          );
        });
        // Longer than a load balancer's idle timeout, so the balancer (not us) closes idle connections.
        s.keepAliveTimeout = 65_000;
        s.headersTimeout = 66_000;
        server = s;
      });
    },
    async close() {
      ready = false;
      if (server) {
        const s = server;
        // In-flight requests finish; keep-alive connections are closed as soon as they fall idle (a response may
        // still be finishing when close starts, so one closeIdleConnections is not enough), and past the
        // deadline whatever is left is cut.
        await new Promise<void>((resolve) => {
          const sweep = setInterval(() => s.closeIdleConnections(), 100);
          const deadline = setTimeout(() => s.closeAllConnections(), 20_000);
          s.close(() => {
            clearInterval(sweep);
            clearTimeout(deadline);
            resolve();
          });
          s.closeIdleConnections();
        });
      }
      proxies.close();
      shedder.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

function tooMany(res: Response, lang: Lang, seconds: number) {
  res.setHeader('Retry-After', String(seconds));
  sendJsonError(res, 429, 'rate_limited', lang, { seconds });
}

/** TRUST_PROXY as a proxy-addr trust function, with Express's "true" and hop-count forms. */
function trustFunction(value: string): (addr: string, i: number) => boolean {
  if (value === 'true') return () => true;
  if (value === 'false') return () => false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_addr, i) => i < hops;
  }
  return proxyAddr.compile(
    value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );
}

function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
