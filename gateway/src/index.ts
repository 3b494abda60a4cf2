import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHttpService, createLogger, type HttpService, type Logger } from '@mathgames/platform';
import { gatewayRoutes } from './app.js';
import type { GatewayConfig } from './config.js';
import { answerClientError } from './http-errors.js';
import { bufferedBody, hasBufferedBody, readBody } from './limits/body-gate.js';
import { createLimits } from './limits/limits.js';
import { targetOf } from './metrics.js';
import { createColdCounts } from './poll/cold-counts.js';
import { createPollFastPath } from './poll/fast-path.js';
import { createTrackedCache } from './poll/tracked-cache.js';
import { createProxies } from './proxy.js';
import { createReadFastPath } from './read-fast-path.js';
import { createGatewayRedis } from './redis.js';
import { createSessionLayer } from './session/layer.js';
import { type WarmUpReport, warmUp } from './warm-up.js';

export { type GatewayConfig, gatewayConfigShape, loadGatewayConfig } from './config.js';
export { resolveLanguage } from './language.js';
export { sessionSignature } from './session/peek.js';
export { spaHandlers } from './spa.js';
export { upstreamFor } from './upstreams.js';

/**
 * The gateway's listening sockets (platform `acceptSockets`): a lesson's bell brings a thousand new connections
 * within a second, and node takes one per socket per event-loop turn; with one socket, on a busy box, they waited
 * up to 2 s in the kernel's accept queue, unseen by the load shedding (docs/decisions/0012-listen-backlog-and-accept-sockets.md).
 */
export const ACCEPT_SOCKETS = 8;

/** `{ app, listen(port?), close() }`, like every deployable's HTTP side, and the start's warm-up. */
export type Gateway = HttpService & {
  /** Plays the warm-up lesson against the gateway listening on `port`, reporting not ready until it ends (warm-up.ts). */
  warmUp(port: number): Promise<WarmUpReport>;
};

export interface GatewayOptions {
  logger?: Logger;
}

/**
 * The gateway: the web app and /api for the browser, on the platform's HTTP factory like every deployable
 * (health, readiness, metrics, graceful close). Before Express, each request passes load shedding, and the badge
 * poll and the reads after each game take their fast paths; the rest is Express (app.ts). Readiness depends on
 * nothing outside the process.
 */
export function createGateway(config: GatewayConfig, options: GatewayOptions = {}): Gateway {
  const logger = options.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const redis = createGatewayRedis(config, logger);
  // The poll's session and badge counts from memory, kept fresh by Redis invalidation (tracked-cache.ts).
  const cache = createTrackedCache({ redisUrl: config.REDIS_URL, logger, fallback: redis });
  const sessions = createSessionLayer(config, redis, cache.get);
  const limits = createLimits(config, redis, logger);
  const { rateLimits } = limits;
  const proxies = createProxies(config, sessions, logger, bufferedBody);
  const handlePoll = createPollFastPath({
    config,
    read: cache.get,
    sessions,
    rateLimits,
    addressOf: limits.addressOf,
    agent: proxies.agent,
    coldCounts: createColdCounts({
      target: new URL(config.BADGES_URL),
      agent: proxies.agent,
      secret: config.INTERNAL_SECRET,
    }),
    logger,
  });

  const handleRead = createReadFastPath({
    config,
    sessions,
    rateLimits,
    addressOf: limits.addressOf,
    agent: proxies.agent,
    general: (req, res) => service.app(req, res),
    logger,
  });
  const fastPaths = (req: IncomingMessage, res: ServerResponse) =>
    handlePoll(req, res) || handleRead(req, res);
  // A request the shedder held in its queue (admission-queue.ts) goes on here once admitted.
  const resume = (req: IncomingMessage, res: ServerResponse) => () => {
    if (!fastPaths(req, res)) service.app(req, res);
  };

  const bodyLimits = { idleMs: config.GATEWAY_BODY_IDLE_MS, maxBytes: config.GATEWAY_MAX_BODY_BYTES };

  // Readiness is "send me traffic", and the gateway can always serve something useful: the app, the pre-rendered
  // pages, guest play, and a translated 503 for the API parts that are down. So it checks nothing outside the
  // process. Were it to check Redis or the services, an outage would make every gateway pod unready at once and
  // Kubernetes would take them all out of the Service: the whole site dark instead of partly degraded. It is false
  // while the start's warm-up plays (a few seconds, ended at once by an outage) and as soon as shutdown starts, so
  // load balancers stop sending before we stop listening.
  const readiness: Record<string, () => Promise<unknown>> = {};
  const service = createHttpService({
    name: 'gateway',
    config,
    logger,
    readiness,
    edge: {
      intercept: (req, res) => {
        if (!hasBufferedBody(req)) return limits.shed(req, res, resume(req, res)) || fastPaths(req, res);
        // The body first (body-gate.ts), then admission: a slow body never holds a place in the bound.
        readBody(req, res, bodyLimits).then((complete) => {
          if (complete && !limits.shed(req, res, resume(req, res)) && !fastPaths(req, res))
            service.app(req, res);
        });
        return true;
      },
      timeouts: {
        headersTimeoutMs: config.GATEWAY_HEADERS_TIMEOUT_MS,
        requestTimeoutMs: config.GATEWAY_REQUEST_TIMEOUT_MS,
      },
      routeLabel: targetOf,
      onClientError: answerClientError,
      acceptSockets: ACCEPT_SOCKETS,
    },
    routes: gatewayRoutes({ config, logger, sessions, rateLimits, proxy: proxies.handle }),
  });

  return {
    app: service.app,
    listen: (port = config.PORT) => service.listen(port),
    async warmUp(port) {
      // The readiness checks are read at every probe (createHttpService): this one stands while the warm-up plays.
      readiness['warm-up'] = () => Promise.reject(new Error('warming up'));
      try {
        const report = await warmUp(port, config, redis, logger);
        logger.info(report, 'warm-up played');
        return report;
      } finally {
        delete readiness['warm-up'];
      }
    },
    async close() {
      await service.close();
      proxies.close();
      limits.close();
      await cache.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
