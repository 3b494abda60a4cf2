import type { Logger } from '@mathgames/platform';
import { Redis } from 'ioredis';
import type { GatewayConfig } from './config.js';

/** The gateway's one Redis connection: sessions, rate limits and the badge summary cache. */
export function createGatewayRedis(config: GatewayConfig, logger: Logger): Redis {
  const redis = new Redis(config.REDIS_URL, {
    // Commands issued in the same tick share one write: fewer system calls on the polling path.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    // With Redis gone a command must fail at once (the caller answers 503), never wait in ioredis' queue until
    // Redis returns: that is how /api/auth/me hung. The offline queue is kept only until the first connection
    // succeeds or fails, so requests during start-up wait a few milliseconds instead of failing; the timeout
    // covers a Redis that accepts the connection but does not answer.
    commandTimeout: 1_000,
  });
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis connection problem'));
  const failFast = () => {
    redis.options.enableOfflineQueue = false;
  };
  redis.once('ready', failFast);
  redis.once('error', failFast);
  return redis;
}
