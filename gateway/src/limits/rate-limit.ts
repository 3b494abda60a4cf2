import { createHmac } from 'node:crypto';
import { addressBucket } from '@mathgames/platform';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../config.js';
import { normalisePath } from '../path-normalise.js';

// Credential endpoints get their own, tighter budget against password guessing and mail flooding.
const CREDENTIAL_PATHS = new Set([
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
]);

/** The join lookup: a class code typed in, answered with the class and a ticket, or 404 for no open class. */
const JOIN_LOOKUP = /^\/api\/classes\/join\/[^/]+$/;
export const isJoinLookup = (method: string, path: string) =>
  method.toUpperCase() === 'GET' && JOIN_LOOKUP.test(path);

/** The bucket of a client address: IPv4 itself, IPv6 its /64 (one rule, in platform, shared with auth). */
export const clientKey = addressBucket;

/** An address bucket's rate-limit counter name: a keyed hash, so Redis never holds a client's address. */
export function counterKeyFor(secret: string, ip: string): string {
  return createHmac('sha256', secret)
    .update(`rl\0${clientKey(ip)}`)
    .digest('base64url');
}

export interface RateLimits {
  /** Seconds to wait when the request is over a limit, otherwise null. Fails open if Redis errors. */
  check(ip: string, method: string, path: string): Promise<number | null>;
  /**
   * The same API budget for the badge poll, answered from memory: each address's calls are counted here and
   * added to its Redis budget in one call per `flushMs` (so every gateway spends the one shared budget), and the
   * total Redis last reported plus the calls counted since decides. A client can overshoot the limit by what it
   * sends to each gateway within one flush (0.1 s) before every gateway refuses it.
   */
  checkPoll(ip: string): number | null;
  /**
   * A class code lookup (docs/operations/sign-in-security.md): refused while the address's credential budget is spent, or while the
   * district-wide budget of codes that named no class is spent and this address has named such a code lately.
   * Fails open if Redis errors.
   */
  checkJoinLookup(ip: string): Promise<number | null>;
  /** A code that named no open class: spends one credential point of the address and one of the miss budget. */
  joinMissed(ip: string): void;
  close(): void;
}

/** How often the poll's counted calls are added to Redis. */
const POLL_FLUSH_MS = 100;

interface PollBudget {
  /** The address bucket's counter in Redis (a keyed hash, computed once per bucket). */
  redisKey: string;
  /** Calls counted here and not yet added to Redis. */
  pending: number;
  /** The window's total as Redis last reported it (every gateway's calls, the general path's too). */
  consumed: number;
  /** Epoch ms at which the window Redis reported ends. */
  resetAt: number;
  /** Refused from memory until then (Redis said the budget is spent). */
  blockedUntil: number;
}

export function createRateLimits(
  config: GatewayConfig,
  redis: Redis,
  onError: (err: unknown) => void,
): RateLimits {
  const api = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${config.REDIS_PREFIX}rl:api`,
    points: config.RATE_LIMIT_API_PER_MINUTE,
    duration: 60,
    // Once a key is over the limit, refuse it from memory until the window ends: a flood costs no Redis calls.
    inMemoryBlockOnConsumed: config.RATE_LIMIT_API_PER_MINUTE,
  });
  const credentials = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${config.REDIS_PREFIX}rl:credentials`,
    points: config.RATE_LIMIT_AUTH_PER_15_MINUTES,
    duration: 15 * 60,
  });

  // Codes that named no class, every address together (a guesser spreading over many addresses), and per address
  // (who has guessed lately, refused first once the district-wide budget is spent).
  const joinMisses = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${config.REDIS_PREFIX}rl:join-misses`,
    points: config.RATE_LIMIT_JOIN_MISSES_PER_15_MINUTES,
    duration: 15 * 60,
  });
  const joinMissesOf = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${config.REDIS_PREFIX}rl:join-missed`,
    points: Number.MAX_SAFE_INTEGER,
    duration: 15 * 60,
  });
  const EVERYONE = 'all';
  const waitOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  const spend = (limiter: RateLimiterRedis, key: string) =>
    limiter.consume(key).catch((err: unknown) => {
      if (!(err instanceof RateLimiterRes)) onError(err);
    });

  const consume = async (limiter: RateLimiterRedis, key: string): Promise<number | null> => {
    try {
      await limiter.consume(key);
      return null;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      // A Redis hiccup must not lock a classroom out; the session lookup fails loudly on its own if Redis is gone.
      onError(err);
      return null;
    }
  };

  const counterKey = (ip: string) => counterKeyFor(config.SESSION_SECRET, ip);

  const polls = pollBudgets(config, api, counterKey, onError);

  return {
    checkPoll: polls.checkPoll,
    async checkJoinLookup(ip) {
      const key = counterKey(ip);
      try {
        const [mine, everyone, missed] = await Promise.all([
          credentials.get(key),
          joinMisses.get(EVERYONE),
          joinMissesOf.get(key),
        ]);
        if (mine && mine.consumedPoints >= config.RATE_LIMIT_AUTH_PER_15_MINUTES) return waitOf(mine);
        if (
          everyone &&
          everyone.consumedPoints >= config.RATE_LIMIT_JOIN_MISSES_PER_15_MINUTES &&
          (missed?.consumedPoints ?? 0) > 0
        )
          return waitOf(everyone);
        return null;
      } catch (err) {
        onError(err);
        return null;
      }
    },
    joinMissed(ip) {
      const key = counterKey(ip);
      void spend(credentials, key);
      void spend(joinMissesOf, key);
      void spend(joinMisses, EVERYONE);
    },
    close: polls.close,
    async check(ip, method, path) {
      const key = counterKey(ip);
      if (method.toUpperCase() === 'POST' && CREDENTIAL_PATHS.has(normalisePath(path))) {
        const wait = await consume(credentials, key);
        if (wait !== null) return wait;
      }
      return consume(api, key);
    },
  };
}

/**
 * The poll's budgets from memory (`checkPoll`): each address bucket's calls counted here, added to its Redis
 * counter every POLL_FLUSH_MS.
 */
function pollBudgets(
  config: GatewayConfig,
  api: RateLimiterRedis,
  counterKey: (ip: string) => string,
  onError: (err: unknown) => void,
): Pick<RateLimits, 'checkPoll' | 'close'> {
  const budgets = new Map<string, PollBudget>();
  const flush = () => {
    const now = Date.now();
    for (const [key, budget] of budgets) {
      if (budget.pending === 0) {
        if (budget.resetAt <= now && budget.blockedUntil <= now) budgets.delete(key);
        continue;
      }
      const points = budget.pending;
      budget.pending = 0;
      api.consume(budget.redisKey, points).then(
        (res) => {
          budget.consumed = res.consumedPoints;
          budget.resetAt = Date.now() + res.msBeforeNext;
        },
        (err: unknown) => {
          if (!(err instanceof RateLimiterRes)) return onError(err);
          budget.consumed = err.consumedPoints;
          budget.resetAt = budget.blockedUntil = Date.now() + err.msBeforeNext;
        },
      );
    }
  };
  const flusher = setInterval(flush, POLL_FLUSH_MS);
  flusher.unref();

  return {
    checkPoll(ip) {
      const key = clientKey(ip);
      const now = Date.now();
      let budget = budgets.get(key);
      if (!budget) {
        budget = { redisKey: counterKey(ip), pending: 0, consumed: 0, resetAt: 0, blockedUntil: 0 };
        budgets.set(key, budget);
      }
      if (budget.resetAt <= now) budget.consumed = 0;
      budget.pending++;
      if (budget.blockedUntil > now) return Math.max(1, Math.ceil((budget.blockedUntil - now) / 1000));
      if (budget.consumed + budget.pending <= config.RATE_LIMIT_API_PER_MINUTE) return null;
      // Over by this gateway's own count: refused until the window Redis reported ends (a full one if unknown).
      return Math.max(1, Math.ceil((budget.resetAt > now ? budget.resetAt - now : 60_000) / 1000));
    },
    close() {
      clearInterval(flusher);
      flush();
    },
  };
}
