import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { normalizeLang } from '@mathgames/contracts';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { BaseConfig } from '../config.js';
import './express-augment.js';
import type { z } from 'zod';
import { type Logger, runWithRequestId } from '../logger.js';
import { httpRequestDuration, httpRequestsTotal, metricsRegistry } from '../metrics.js';
import { isShuttingDown } from '../shutdown.js';
import { AppError, createErrorHandler, logPath } from './errors.js';
import { IDENTITY_HEADER, type Identity, verifyIdentity } from './identity.js';

export interface HttpServiceOptions {
  name: string;
  config: Pick<BaseConfig, 'INTERNAL_SECRET'> & { PORT?: number | undefined };
  logger: Logger;
  /**
   * `/readyz`'s checks by name, each rejecting when not ready. Read at every probe, so the caller may add and remove
   * entries while the service runs (the gateway's warm-up is one while it plays).
   */
  readiness?: Record<string, () => Promise<unknown>>;
  routes: (app: Express) => void;
  requireIdentity?: boolean;
  bodyLimit?: string;
  readinessTimeoutMs?: number;
  /** Set by the one deployable that faces browsers instead of the gateway: see `EdgeOptions`. */
  edge?: EdgeOptions;
}

/**
 * The gateway is built on this factory too, with three differences: no identity is read (nothing in front of it
 * signs one; it signs its own for the services), no body is parsed (bodies stream on to the services untouched),
 * and these hooks.
 */
export interface EdgeOptions {
  /** Sees each request before Express and returns true when it answered it (load shedding, a hot path). */
  intercept?(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** The metrics `route` label (proxied paths have no Express route template). */
  routeLabel?(req: Request): string;
  /** Answers on the socket a request Node could not parse (oversized or malformed headers). */
  onClientError?(err: NodeJS.ErrnoException, socket: Duplex): void;
  /**
   * Node's own bounds on a slow client, checked every second (node's default check runs every 30 s): the header
   * block within `headersTimeoutMs`, the whole request (headers and body) within `requestTimeoutMs`, else 408
   * and the connection closed. Unset, node's defaults (60 s and 300 s) apply.
   */
  timeouts?: { headersTimeoutMs: number; requestTimeoutMs: number };
  /**
   * Listening sockets on the one port (SO_REUSEPORT; the kernel spreads new connections over them). Node accepts
   * one connection per socket per event-loop turn (libuv since 1.45), so with one socket a burst of new
   * connections enters at the rate of the loop's turns, and on a busy box they wait in the kernel's accept queue
   * where load shedding cannot see them. Default 1.
   */
  acceptSockets?: number;
}

/**
 * Connections the kernel may hold completed for us while the event loop is busy (node's default is 511; the kernel
 * caps it at net.core.somaxconn, 4096 on current kernels). A lesson opening with a thousand new connections within
 * a second overflowed 511 at the gateway: the kernel dropped the handshakes' last packets, and those clients waited
 * for the SYN-ACK's retransmission, 1 s and then 3 s (`nstat`: TcpExtListenOverflows, TcpExtTCPSynRetrans).
 */
const LISTEN_BACKLOG = 4096;

export interface HttpService {
  app: Express;
  listen(port?: number): Promise<http.Server>;
  close(): Promise<void>;
}

/**
 * A deployable's close(): runs the steps once, in order (stop taking work first, disconnect last); later calls
 * get the first call's promise.
 */
export function closeInOrder(...steps: (() => Promise<unknown> | unknown)[]): () => Promise<void> {
  let closed: Promise<void> | undefined;
  return () => {
    closed ??= (async () => {
      for (const step of steps) await step();
    })();
    return closed;
  };
}

const OPERATIONAL_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const CLOSE_DEADLINE_MS = 20_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

function anonymousIdentity(req: Request): Identity {
  const lang = normalizeLang(req.headers['accept-language']);
  return { userId: null, sessionId: null, lang, requestId: randomUUID(), ip: req.socket.remoteAddress ?? '' };
}

export function createHttpService(options: HttpServiceOptions): HttpService {
  const { name, config, logger } = options;
  const requireIdentity = options.requireIdentity ?? true;
  const readinessTimeoutMs = options.readinessTimeoutMs ?? 2_000;
  let closing = false;
  let server: http.Server | undefined;
  // The edge's further listening sockets (acceptSockets).
  let others: http.Server[] = [];

  const app = express();
  // One spelling per route: `/a/B` is not `/a/b` and `/a/b/` is not `/a/b`, so a budget or check keyed on a path
  // cannot be stepped around by another spelling (docs/decisions/0040-one-canonical-api-path.md).
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(requestMetrics(name, options.edge, () => closing));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  app.get(
    '/readyz',
    readinessRoute(options.readiness ?? {}, readinessTimeoutMs, logger, () => closing),
  );

  app.get('/metrics', async (_req, res) => {
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });

  if (!options.edge) app.use(identityLayer(config.INTERNAL_SECRET, requireIdentity, logger));
  if (!options.edge) app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));

  options.routes(app);

  app.use((_req: Request, _res: Response, next: NextFunction) => {
    next(new AppError(404, 'not_found'));
  });
  app.use(createErrorHandler(logger));

  const intercept = options.edge?.intercept;
  const handle: http.RequestListener = intercept
    ? (req, res) => {
        if (!intercept(req, res)) app(req, res);
      }
    : app;

  return {
    app,
    async listen(port = config.PORT ?? 0) {
      const timeouts = options.edge?.timeouts;
      const sockets = options.edge?.acceptSockets ?? 1;
      const create = () => {
        const listening = timeouts
          ? http.createServer(
              {
                headersTimeout: timeouts.headersTimeoutMs,
                requestTimeout: timeouts.requestTimeoutMs,
                connectionsCheckingInterval: 1_000,
              },
              handle,
            )
          : http.createServer(handle);
        if (options.edge?.onClientError) listening.on('clientError', options.edge.onClientError);
        // Longer than typical proxy idle timeouts, so the gateway never reuses a socket we just closed.
        listening.keepAliveTimeout = 65_000;
        if (!timeouts) listening.headersTimeout = 66_000;
        return listening;
      };
      if (sockets > 1 && port !== 0) {
        // A port another process already uses must still fail as it does with one socket, not be shared.
        const probe = await listenOn(create(), port, false);
        await new Promise((resolve) => probe.close(resolve));
      }
      const first = await listenOn(create(), port, sockets > 1);
      const bound = (first.address() as AddressInfo).port;
      try {
        others = await Promise.all(
          Array.from({ length: sockets - 1 }, () => listenOn(create(), bound, true)),
        );
      } catch (err) {
        first.close();
        throw err;
      }
      server = first;
      logger.info({ port: bound }, `${name} listening`);
      return first;
    },
    async close() {
      closing = true;
      const current = server;
      if (!current) return;
      server = undefined;
      await Promise.all([current, ...others].map(closeServer));
    },
  };
}

/** Counts and times each request; once the service is closing, answers tell clients to close the connection. */
function requestMetrics(name: string, edge: EdgeOptions | undefined, closing: () => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    if (closing()) res.setHeader('connection', 'close');
    res.once('finish', () => {
      // Route templates, not raw URLs, keep label cardinality bounded.
      const route =
        edge?.routeLabel?.(req) ??
        (req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched');
      const labels = { service: name, method: req.method, route, status: String(res.statusCode) };
      httpRequestsTotal.inc(labels);
      httpRequestDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

function readinessRoute(
  readiness: Record<string, () => Promise<unknown>>,
  readinessTimeoutMs: number,
  logger: Logger,
  closing: () => boolean,
) {
  // Checks that failed at the last probe: a failure is logged when it starts and its end when it ends, not at every
  // probe (an orchestrator probes every few seconds, every pod, for as long as an outage lasts).
  const failing = new Set<string>();
  return async (_req: Request, res: Response) => {
    if (closing() || isShuttingDown()) {
      res.status(503).json({ status: 'shutting_down' });
      return;
    }
    const checks = Object.entries(readiness);
    const results = await Promise.allSettled(
      checks.map(([, check]) => withTimeout(check(), readinessTimeoutMs)),
    );
    const report: Record<string, string> = {};
    let ready = true;
    results.forEach((result, i) => {
      const checkName = checks[i]![0];
      if (result.status === 'fulfilled') {
        report[checkName] = 'ok';
        if (failing.delete(checkName)) logger.info({ check: checkName }, 'readiness check passes again');
      } else {
        ready = false;
        // The body says which dependency failed, never why: error texts (hosts, users) stay in the log.
        report[checkName] = 'unavailable';
        if (!failing.has(checkName)) {
          failing.add(checkName);
          logger.warn({ check: checkName, err: (result.reason as Error)?.message }, 'readiness check failed');
        }
      }
    });
    // A check taken out while failing (the gateway's warm-up ending) is not failing any more: said once, as its end.
    for (const name of failing)
      if (!(name in readiness)) {
        failing.delete(name);
        logger.info({ check: name }, 'readiness check removed while failing');
      }
    const status = ready ? 'ok' : 'unavailable';
    res.status(ready ? 200 : 503).json(checks.length > 0 ? { status, checks: report } : { status });
  };
}

function listenOn(listening: http.Server, port: number, reusePort: boolean): Promise<http.Server> {
  return new Promise<http.Server>((resolve, reject) => {
    listening.once('error', reject);
    listening.listen({ port, host: '0.0.0.0', backlog: LISTEN_BACKLOG, reusePort }, () => {
      listening.off('error', reject);
      resolve(listening);
    });
  });
}

/**
 * Stops accepting; in-flight requests finish (answering with Connection: close); keep-alive sockets are closed as
 * soon as they are idle, so close() does not wait for the keep-alive timeout. Whatever is still open past the
 * deadline is cut.
 */
function closeServer(server: http.Server): Promise<void> {
  return new Promise<void>((resolve) => {
    const sweeper = setInterval(() => server.closeIdleConnections(), 25);
    const deadline = setTimeout(() => server.closeAllConnections(), CLOSE_DEADLINE_MS);
    server.close(() => {
      clearInterval(sweeper);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** Verifies the gateway's signed identity; requests without one are anonymous, or 401 when identity is required. */
function identityLayer(secret: string, requireIdentity: boolean, logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const identity = verifyIdentity(req.headers[IDENTITY_HEADER], secret, {
      method: req.method,
      path: req.originalUrl,
    });
    if (!identity) {
      req.identity = anonymousIdentity(req);
      if (requireIdentity && !OPERATIONAL_PATHS.has(req.path)) {
        logger.warn({ method: req.method, path: logPath(req) }, 'request without a valid identity signature');
        next(new AppError(401, 'unauthorized'));
        return;
      }
    } else {
      req.identity = identity;
    }
    res.setHeader('x-request-id', req.identity.requestId);
    runWithRequestId(req.identity.requestId, next);
  };
}

/**
 * A path parameter (e.g. `:classId`) read with its schema. A malformed id names nothing, so it answers the same
 * 404 (with the given message key) as a missing or foreign one.
 */
export function pathIdOr404<T>(req: Request, param: string, schema: z.ZodType<T>, messageKey: string): T {
  const parsed = schema.safeParse(req.params[param]);
  if (!parsed.success) throw new AppError(404, 'not_found', messageKey);
  return parsed.data;
}

/** The signed-in user's id, or 401 for anonymous callers. */
export function requireUser(req: Request): number {
  const userId = req.identity?.userId;
  if (userId == null) throw new AppError(401, 'unauthorized');
  return userId;
}
