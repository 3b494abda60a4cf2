import { buildOpenApiDocument, translate } from '@mathgames/contracts';
import { isUnavailableError, type Logger } from '@mathgames/platform';
import type { Express, NextFunction, Request, Response } from 'express';
import { apiDocsRoutes } from './api-docs.js';
import type { GatewayConfig } from './config.js';
import { sendJsonError } from './http-errors.js';
import { resolveLanguage } from './language.js';
import type { RateLimits } from './limits/rate-limit.js';
import { tagApiRequest } from './request-context.js';
import { createCrossSiteCheck, securityHeaders } from './security.js';
import { createSessionGate } from './session/gate.js';
import type { SessionLayer } from './session/layer.js';
import { spaHandlers } from './spa.js';
import { trustProxySetting } from './trust-proxy.js';

export interface GatewayRoutesDeps {
  config: GatewayConfig;
  logger: Logger;
  sessions: SessionLayer;
  rateLimits: RateLimits;
  /** Forwards an /api request to the service that owns it (404 JSON when none does). */
  proxy(req: Request, res: Response, next: NextFunction): void;
}

/**
 * The gateway's Express routes, after the platform's health, readiness and metrics: security headers on
 * everything; under /api the request id, language, cross-site check, rate limits and session, then logout and
 * the OpenAPI document and its page (answered here) or the owning service; everything else is the web app.
 */
export function gatewayRoutes(deps: GatewayRoutesDeps) {
  const { config, logger, sessions } = deps;
  const isCrossSite = createCrossSiteCheck(config);
  let openApiDocument: string | undefined;

  return (app: Express) => {
    app.set('trust proxy', trustProxySetting(config.TRUST_PROXY));
    app.use(securityHeaders(config));

    app.use('/api', tagApiRequest, (req: Request, res: Response, next: NextFunction) => {
      if (isCrossSite(req)) return sendJsonError(res, 403, 'forbidden', req.lang);
      next();
    });
    app.use('/api', createSessionGate(sessions, deps.rateLimits));

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
    apiDocsRoutes(app);
    app.use('/api', deps.proxy);

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
  };
}
