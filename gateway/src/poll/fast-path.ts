import type { Agent, IncomingMessage, ServerResponse } from 'node:http';
import { badgeSummaryCacheKey, decodeCompletedCounts } from '@mathgames/contracts';
import { isUnavailableError, type Logger } from '@mathgames/platform';
import { apiContextOf, budgetThenSession } from '../api-rules.js';
import type { GatewayConfig } from '../config.js';
import { forwardGet } from '../forward-get.js';
import { sendJsonError, sendRateLimited } from '../http-errors.js';
import type { RateLimits } from '../limits/rate-limit.js';
import { observeRequest } from '../metrics.js';
import { logUpstreamDown } from '../proxy.js';
import { peekedCallerHeaders } from '../request-context.js';
import type { CachedRead, SessionPeek } from '../session/peek.js';
import { answerFromCounts, type CachedCounts, cacheableCategory, POLL_PATH } from './cache.js';
import type { ColdCounts } from './cold-counts.js';

export interface PollFastPathDeps {
  config: GatewayConfig;
  /** The badge-worker's cached counts: from the tracked cache (tracked-cache.ts) or Redis. */
  read: CachedRead;
  sessions: SessionPeek;
  rateLimits: RateLimits;
  /** The client address (limits.ts: X-Forwarded-For's trusted hop, found once per request). */
  addressOf(req: IncomingMessage): string;
  /** The proxies' keep-alive agent. */
  agent: Agent;
  /** Cold counts, many users in one call to the badges service. */
  coldCounts: ColdCounts;
  logger: Logger;
}

/**
 * The badge summary, polled every 3 s by every open tab, is the hottest request in the product. It is answered
 * here, before Express: no router, no session middleware (it must not touch the session anyway), and for a tab
 * whose state has not changed no Redis round trip at all: the rate limit is counted in memory and added to the
 * shared Redis budget in batches (`checkPoll`), and the session and the badge-worker's cached counts come from the
 * gateway's memory, which Redis keeps fresh by invalidation (tracked-cache.ts: a revoked session or a new badge
 * is seen on the next poll). The answer and its ETag are computed once per counts and category (cache.ts),
 * and 304 when the client has it. Counts in neither memory nor Redis are asked of the badges service together with
 * the other cold polls of a 10 ms window (cold-counts.ts); a guest or any other query goes to the service
 * (forward-get.ts), which computes, fills the cache and validates. The rules and their order are the general path's
 * (api-rules.ts):
 * client headers never reach the service (only the signed identity, request id and conditional/encoding headers
 * are sent), and a service that is down gives the same 503 JSON. Returns false for any other request.
 */
const decodeCounts = (raw: string | null): CachedCounts | null => {
  const counts = decodeCompletedCounts(raw);
  return counts ? { counts, answers: new Map() } : null;
};

export function createPollFastPath(deps: PollFastPathDeps) {
  const { config, logger } = deps;
  const upstream = {
    name: 'badges' as const,
    target: new URL(config.BADGES_URL),
    agent: deps.agent,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    logger,
  };

  return function handlePoll(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    if (req.method !== 'GET' || !(url === POLL_PATH || url.startsWith(`${POLL_PATH}?`))) return false;
    const startedAt = process.hrtime.bigint();
    const { lang, requestId } = apiContextOf(req.headers);
    const ip = deps.addressOf(req);
    res.once('finish', () => observeRequest('badges', 'GET', res.statusCode, startedAt));

    budgetThenSession({
      // Counted in memory, added to the shared Redis budget in batches.
      budget: () => deps.rateLimits.checkPoll(ip),
      // The poll never extends the session (dueForTouch is not asked): it must not touch it.
      session: () => deps.sessions.peek(req.headers.cookie),
    }).then(
      async (admission) => {
        if (admission.wait !== null) return sendRateLimited(res, lang, admission.wait);
        const { session } = admission;
        const send = () => {
          const signed = peekedCallerHeaders(
            config.INTERNAL_SECRET,
            session,
            { lang, requestId, ip },
            { method: 'GET', path: POLL_PATH },
          );
          forwardGet(
            upstream,
            req,
            res,
            lang,
            { accept: 'application/json', ...signed },
            {
              'x-request-id': requestId,
              'x-content-type-options': 'nosniff',
            },
          );
        };
        const category = session ? cacheableCategory(url) : null;
        if (!session || category === null) return send();
        const key = badgeSummaryCacheKey(config.REDIS_PREFIX, session.userId);
        // A Redis hiccup: the badges service answers (from Postgres if it must).
        const counts = await deps.read(key, decodeCounts).catch(() => null);
        if (counts) return answerFromCounts(req, res, counts, category, requestId);
        // Cold: the counts from the badges service (from Postgres, filling Redis), in one call with the other
        // cold polls of the window (cold-counts.ts).
        deps.coldCounts.load(session.userId, requestId).then(
          (fresh) => answerFromCounts(req, res, { counts: fresh, answers: new Map() }, category, requestId),
          (err: Error) => {
            logUpstreamDown(logger, 'badges', err, requestId);
            sendJsonError(res, 503, 'service_unavailable', lang);
          },
        );
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
