import { createHttpService, createLogger, type HttpService, type Logger } from '@mathgames/platform';
import { gatewayRoutes } from './app.js';
import type { GatewayConfig } from './config.js';
import { answerClientError } from './http-errors.js';
import { createLimits } from './limits.js';
import { targetOf } from './metrics.js';
import { createPollFastPath } from './poll-fast-path.js';
import { createProxies } from './proxy.js';
import { createGatewayRedis } from './redis.js';
import { createSessionLayer } from './session.js';

export { type GatewayConfig, gatewayConfigShape, loadGatewayConfig } from './config.js';
export { resolveLanguage } from './language.js';
export { spaHandlers } from './spa.js';
export { upstreamFor } from './upstreams.js';

/** `{ app, listen(port?), close() }`, like every deployable's HTTP side. */
export type Gateway = HttpService;

export interface GatewayOptions {
  logger?: Logger;
}

/**
 * The gateway: the web app and /api for the browser, on the platform's HTTP factory like every deployable
 * (health, readiness, metrics, graceful close). Before Express, each request passes load shedding, and the badge
 * poll takes its fast path; the rest is Express (app.ts). Readiness depends on nothing outside the process.
 */
export function createGateway(config: GatewayConfig, options: GatewayOptions = {}): Gateway {
  const logger = options.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const redis = createGatewayRedis(config, logger);
  const sessions = createSessionLayer(config, redis);
  const limits = createLimits(config, redis, logger);
  const { rateLimits } = limits;
  const proxies = createProxies(config, sessions, logger);
  const handlePoll = createPollFastPath({
    config,
    redis,
    sessions,
    rateLimits,
    agent: proxies.agent,
    logger,
  });

  // Readiness is "send me traffic", and the gateway can always serve something useful: the app, the pre-rendered
  // pages, guest play, and a translated 503 for the API parts that are down. So it has no readiness checks. Were it
  // to check Redis or the services, an outage would make every gateway pod unready at once and Kubernetes would
  // take them all out of the Service: the whole site dark instead of partly degraded. It turns false as soon as
  // shutdown starts, so load balancers stop sending before we stop listening.
  const service = createHttpService({
    name: 'gateway',
    config,
    logger,
    edge: {
      intercept: (req, res) => limits.shed(req, res) || handlePoll(req, res),
      routeLabel: targetOf,
      onClientError: answerClientError,
    },
    routes: gatewayRoutes({ config, logger, sessions, rateLimits, proxy: proxies.handle }),
  });

  return {
    app: service.app,
    listen: (port = config.PORT) => service.listen(port),
    async close() {
      await service.close();
      proxies.close();
      limits.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
