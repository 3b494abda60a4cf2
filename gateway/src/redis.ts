import { createRedis, type Logger } from '@mathgames/platform';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from './config.js';

/**
 * The gateway's one Redis connection: sessions, rate limits and the badge summary cache. Commands issued in the
 * same tick share one write (fewer system calls on the polling path), and a Redis that accepts the connection but
 * does not answer fails a command after a second, so the caller answers 503 instead of hanging.
 */
export function createGatewayRedis(config: GatewayConfig, logger: Logger): Redis {
  return createRedis(config.REDIS_URL, logger, { autoPipelining: true, commandTimeoutMs: 1_000 });
}
