import type { Agent, IncomingMessage, ServerResponse } from 'node:http';
import { badgeSummaryCacheKey, decodeCompletedCounts } from '@mathgames/contracts';
import { isUnavailableError, type Logger } from '@mathgames/platform';
import type { Redis } from 'ioredis';
import proxyAddr from 'proxy-addr';
import type { GatewayConfig } from './config.js';
import { sendJsonError, sendRateLimited } from './http-errors.js';
import { resolveLanguage } from './language.js';
import { observeRequest } from './metrics.js';
import { answerFromCounts, cacheableCategory, POLL_PATH } from './poll-cache.js';
import { forwardPoll } from './poll-upstream.js';
import type { RateLimits } from './rate-limit.js';
import { callerHeaders, requestIdOf } from './request-context.js';
import type { SessionPeek } from './session-peek.js';
import { trustFunction } from './trust-proxy.js';

export interface PollFastPathDeps {
  config: GatewayConfig;
  redis: Redis;
  sessions: SessionPeek;
  rateLimits: RateLimits;
  /** The proxies' keep-alive agent. */
  agent: Agent;
  logger: Logger;
}

/**
 * The badge summary, polled every 3 s by every open tab, is the hottest request in the product. It is answered
 * here, before Express: no router, no session middleware (it must not touch the session anyway), one Redis
 * round trip for the rate limit and one for the session, both at once, and the response written in one go.
 * For a logged-in user whose counts the badge-worker has cached, the answer is built right here (poll-cache.ts),
 * saving the hop to the badges service; a miss, a guest or any other query goes to the service (poll-upstream.ts),
 * which computes, fills the cache and validates. The rules are the same as on the general path: client headers never reach the
 * service (only the signed identity, request id and conditional/encoding headers are sent), and a service that
 * is down gives the same 503 JSON. Returns false for any other request.
 */
export function createPollFastPath(deps: PollFastPathDeps) {
  const { config, logger } = deps;
  const trust = trustFunction(config.TRUST_PROXY);
  const upstream = { target: new URL(config.BADGES_URL), agent: deps.agent, logger };

  return function handlePoll(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    if (req.method !== 'GET' || !(url === POLL_PATH || url.startsWith(`${POLL_PATH}?`))) return false;
    const startedAt = process.hrtime.bigint();
    const requestId = requestIdOf(req.headers);
    const lang = resolveLanguage(req.headers);
    const ip = proxyAddr(req, trust);
    res.once('finish', () => observeRequest('badges', 'GET', res.statusCode, startedAt));

    Promise.all([deps.rateLimits.check(ip, 'GET', POLL_PATH), deps.sessions.peek(req.headers.cookie)]).then(
      async ([wait, session]) => {
        if (wait !== null) return sendRateLimited(res, lang, wait);
        const caller = {
          userId: session?.userId ?? null,
          sessionId: session?.sessionId,
          lang,
          requestId,
          ip,
        };
        const signed = callerHeaders(config.INTERNAL_SECRET, caller, { method: 'GET', path: POLL_PATH });
        const send = () => forwardPoll(upstream, req, res, lang, { accept: 'application/json', ...signed });
        const category = session ? cacheableCategory(url) : null;
        if (!session || category === null) return send();
        const key = badgeSummaryCacheKey(config.REDIS_PREFIX, session.userId);
        // A Redis hiccup: the badges service answers (from Postgres if it must).
        const counts = await deps.redis
          .get(key)
          .then((raw) => decodeCompletedCounts(raw))
          .catch(() => null);
        if (!counts) return send();
        answerFromCounts(req, res, counts, category, requestId);
      },
      (err: unknown) => {
        if (isUnavailableError(err))
          logger.warn({ err: (err as Error).message, requestId }, 'session store unavailable');
        else logger.error({ err, requestId }, 'badge summary poll failed');
        sendJsonError(res, 503, 'service_unavailable', lang);
      },
    );
    return true;
  };
}
