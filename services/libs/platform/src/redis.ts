import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

export interface RedisOptions {
  /** Commands issued in the same tick share one write (the hot read paths: polls, summaries). */
  autoPipelining?: boolean;
  /** Fails a command whose answer has not come within this time (a Redis that accepts but does not answer). */
  commandTimeoutMs?: number;
  /**
   * RESP 2 for a connection that receives Redis' client-side-caching invalidations on `__redis__:invalidate`
   * (ioredis surfaces them only as pub/sub messages, not as RESP 3 pushes). Default: ioredis' own (3).
   */
  protocol?: 2 | 3;
}

/**
 * The one way a deployable connects to Redis. With Redis gone a command fails at once and the caller answers
 * from elsewhere or with a 503; it never waits in ioredis' queue until Redis returns, which is how requests hung.
 * The offline queue is kept only until the first connection succeeds or fails, so commands sent during start-up
 * wait a few milliseconds instead of failing. Connection problems are logged without the URL (it may hold a
 * password). BullMQ's connections have their own rules (bullmq.ts).
 */
export function createRedis(url: string, logger: Logger, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    enableAutoPipelining: options.autoPipelining ?? false,
    ...(options.commandTimeoutMs ? { commandTimeout: options.commandTimeoutMs } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
  redis.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis connection problem'));
  const failFast = () => {
    redis.options.enableOfflineQueue = false;
  };
  redis.once('ready', failFast);
  redis.once('error', failFast);
  return redis;
}
