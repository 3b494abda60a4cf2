import type { Agent, IncomingMessage, ServerResponse } from 'node:http';
import { isUnavailableError, type Logger } from '@mathgames/platform';
import { apiContextOf, budgetThenSession, markBudgetSpent } from './api-rules.js';
import type { GatewayConfig } from './config.js';
import { forwardGet, type GetUpstream } from './forward-get.js';
import { sendJsonError, sendRateLimited } from './http-errors.js';
import type { RateLimits } from './limits/rate-limit.js';
import { observeRequest } from './metrics.js';
import { peekedCallerHeaders } from './request-context.js';
import { fixedSecurityHeaders } from './security.js';
import type { SessionPeek } from './session/peek.js';

/**
 * The read answered here: the statistics the result screen reads after every game. The badge list that follows it
 * stays on the general path: forwarded here it cost the gateway more, not less (0.30-0.36 ms of CPU per list
 * against 0.22-0.25 ms through Express, `make bench` summary phase, 2026-11-29; cause not found).
 */
const STATISTICS_PATH = '/api/statistics';

export interface ReadFastPathDeps {
  config: GatewayConfig;
  sessions: SessionPeek;
  rateLimits: RateLimits;
  /** The client address (limits.ts: X-Forwarded-For's trusted hop, found once per request). */
  addressOf(req: IncomingMessage): string;
  /** The proxies' keep-alive agent. */
  agent: Agent;
  /** Express, for a request whose session is due for its idle extension. */
  general(req: IncomingMessage, res: ServerResponse): void;
  logger: Logger;
}

/**
 * After each game the app reads the pupil's statistics. Through Express that cost the gateway more CPU than the
 * service spent answering it (docs/decisions/0013-statistics-read-before-express.md): the router, helmet, the session
 * gate, the proxy. It is forwarded here, before Express, under the general path's rules in their order (api-rules.ts,
 * docs/decisions/0053-gateway-one-rule-order.md): the API budget spent in Redis as every /api request spends it, the
 * session peeked from the gateway's memory (a session due for its idle extension goes on through Express, whose
 * express-session extends it and re-sends the cookie, without spending the budget again), only the signed identity,
 * request id and content/conditional headers sent on, the service's answer
 * with the same security headers and without internal ones, and the same translated 429 and 503. Returns false
 * for any other request.
 */
export function createReadFastPath(deps: ReadFastPathDeps) {
  const { config, logger } = deps;
  const upstream: GetUpstream = {
    name: 'game-results',
    target: new URL(config.GAME_RESULTS_URL),
    agent: deps.agent,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    logger,
  };
  const securityHeaders = fixedSecurityHeaders(config);

  return function handleRead(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    if (url !== STATISTICS_PATH && !url.startsWith(`${STATISTICS_PATH}?`)) return false;
    const startedAt = process.hrtime.bigint();
    const { lang, requestId } = apiContextOf(req.headers);
    const answerHeaders = { ...securityHeaders, 'x-request-id': requestId };
    // A refusal carries the headers an answer through Express would.
    const refuse = (answer: () => void) => {
      for (const [name, value] of Object.entries(answerHeaders)) res.setHeader(name, value!);
      answer();
    };
    let observed = false;
    const observe = () => {
      if (observed) return;
      observed = true;
      res.once('finish', () => observeRequest(upstream.name, 'GET', res.statusCode, startedAt));
    };
    const ip = deps.addressOf(req);

    budgetThenSession({
      budget: () => deps.rateLimits.check(ip, 'GET', STATISTICS_PATH),
      session: () => deps.sessions.peek(req.headers.cookie),
    })
      .then((admission) => {
        if (admission.wait !== null) {
          observe();
          return refuse(() => sendRateLimited(res, lang, admission.wait));
        }
        const { session } = admission;
        if (session && deps.sessions.dueForTouch(session)) {
          // Express extends the session; the budget is spent already.
          markBudgetSpent(req);
          return deps.general(req, res);
        }
        observe();
        const signed = peekedCallerHeaders(
          config.INTERNAL_SECRET,
          session,
          { lang, requestId, ip },
          { method: 'GET', path: STATISTICS_PATH },
        );
        forwardGet(upstream, req, res, lang, signed, answerHeaders);
      })
      .catch((err: unknown) => {
        observe();
        if (isUnavailableError(err)) {
          logger.warn({ err: (err as Error).message, requestId }, 'session store unavailable');
          return refuse(() => sendJsonError(res, 503, 'service_unavailable', lang));
        }
        logger.error({ err, requestId }, 'read before Express failed');
        refuse(() => sendJsonError(res, 500, 'internal_error', lang));
      });
    return true;
  };
}
