import { addressBucket } from '@mathgames/platform';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { GatewayConfig } from './config.js';
import { normalisePath } from './path-normalise.js';

// Credential endpoints get their own, tighter budget against password guessing and mail flooding.
const CREDENTIAL_PATHS = new Set([
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
]);

/** The bucket of a client address: IPv4 itself, IPv6 its /64 (one rule, in platform, shared with auth). */
export const clientKey = addressBucket;

export interface RateLimits {
  /** Seconds to wait when the request is over a limit, otherwise null. Fails open if Redis errors. */
  check(ip: string, method: string, path: string): Promise<number | null>;
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

  return {
    async check(ip, method, path) {
      const key = clientKey(ip);
      if (method.toUpperCase() === 'POST' && CREDENTIAL_PATHS.has(normalisePath(path))) {
        const wait = await consume(credentials, key);
        if (wait !== null) return wait;
      }
      return consume(api, key);
    },
  };
}
