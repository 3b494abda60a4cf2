import { setTimeout as delay } from 'node:timers/promises';
import type { NextFunction, Request, Response } from 'express';
import { budgetAlreadySpent, budgetThenSession } from '../api-rules.js';
import { sendRateLimited } from '../http-errors.js';
import { isJoinLookup, type RateLimits } from '../limits/rate-limit.js';
import { joinLookupsSlowed } from '../metrics.js';
import { upstreamFor } from '../upstreams.js';
import type { SessionLayer } from './layer.js';

/**
 * How long a join lookup waits while codes naming no class, from every address together, are past their budget
 * and its address has named such a code lately (docs/decisions/0041-sign-in-budgets-per-address.md).
 */
export const JOIN_SLOW_MS = 1_000;

/**
 * Every /api request (but the badge poll, answered before Express) spends its rate-limit budget and learns who
 * asks, by the rules every path runs in one order (api-rules.ts). Game results, statistics, badges and classes only need to know who asks: the session is read without
 * express-session (no store write, no cookie) unless its idle timeout is due for extension. Auth (and what the
 * gateway answers itself) keeps the full middleware: login, logout and revocation act on the session itself.
 */
export function createSessionGate(sessions: SessionLayer, rateLimits: RateLimits) {
  return async function sessionGate(req: Request, res: Response, next: NextFunction) {
    const path = req.originalUrl.split('?', 1)[0]!;
    const upstream = upstreamFor(path);
    const ip = req.ip ?? '';
    // A fast path that handed the request on (its session due for extension) spent its budget already.
    const spent = budgetAlreadySpent(req);
    try {
      if (upstream !== null && upstream !== 'auth') {
        const joinLookup = isJoinLookup(req.method, path);
        let slow = false;
        const admission = await budgetThenSession({
          budget: async () => {
            if (spent) return null;
            const [wait, joinWait] = await Promise.all([
              rateLimits.check(ip, req.method, path),
              joinLookup ? rateLimits.checkJoinLookup(ip) : null,
            ]);
            slow = joinWait?.slow ?? false;
            return wait ?? joinWait?.wait ?? null;
          },
          session: () => sessions.peek(req.headers.cookie),
          together: true,
        });
        if (admission.wait !== null) return sendRateLimited(res, req.lang, admission.wait);
        if (slow) {
          // Codes from every address together passed their budget: slowed and counted, never refused (0041).
          joinLookupsSlowed.inc();
          await delay(JOIN_SLOW_MS);
        }
        const { session } = admission;
        // A code that named no open class counts as a guess (docs/decisions/0033-pupil-names-on-the-class-code.md).
        if (joinLookup) res.once('finish', () => res.statusCode === 404 && rateLimits.joinMissed(ip));
        if (!session || !sessions.dueForTouch(session)) {
          req.userId = session?.userId ?? null;
          req.gatewaySessionId = session?.sessionId;
          return next();
        }
      } else {
        // Auth and what the gateway answers itself: the budget, then the session through express-session below.
        const admission = await budgetThenSession({
          budget: () => (spent ? null : rateLimits.check(ip, req.method, path)),
          session: async () => null,
        });
        if (admission.wait !== null) return sendRateLimited(res, req.lang, admission.wait);
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
  };
}
