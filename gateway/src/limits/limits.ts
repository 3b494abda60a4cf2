import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@mathgames/platform';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from '../config.js';
import { sendJsonError } from '../http-errors.js';
import { resolveLanguage } from '../language.js';
import { shedRequests, watchInFlight } from '../metrics.js';
import { clientAddressOf, trustFunction } from '../trust-proxy.js';
import { createAdmissionQueue, isQueueable } from './admission-queue.js';
import { createLoadShedder, type ShedReason } from './load-shedding.js';
import { createRateLimits, type RateLimits } from './rate-limit.js';

export interface Limits {
  /** Per-address request budgets (Redis). */
  rateLimits: RateLimits;
  /** The client address of a raw request (X-Forwarded-For's trusted hop), found once per request. */
  addressOf(req: IncomingMessage): string;
  /**
   * Load shedding, on the raw request before anything else runs: past capacity the request gets 503 +
   * Retry-After at once. True when it was refused (and answered). A pupil's sign-in refused for the process's
   * capacity waits in a short queue instead (admission-queue.ts) and, once admitted, goes on with `resume`.
   */
  shed(req: IncomingMessage, res: ServerResponse, resume: () => void): boolean;
  close(): void;
}

export function createLimits(config: GatewayConfig, redis: Redis, logger: Logger): Limits {
  const rateLimits = createRateLimits(config, redis, (err) =>
    logger.warn(
      { err: err instanceof Error ? err.message : err },
      'rate limiter unavailable, allowing request',
    ),
  );
  const addressOf = clientAddressOf(trustFunction(config.TRUST_PROXY));
  const shedder = createLoadShedder({
    maxInFlight: config.GATEWAY_MAX_IN_FLIGHT,
    maxEventLoopDelayMs: config.GATEWAY_MAX_EVENT_LOOP_DELAY_MS,
    maxInFlightPerAddress: Math.max(
      1,
      Math.floor(config.GATEWAY_MAX_IN_FLIGHT * config.GATEWAY_ADDRESS_SHARE),
    ),
    // The client as the rate limits see it: behind the ingress, X-Forwarded-For's trusted hop.
    addressOf,
  });
  const unwatch = watchInFlight(shedder);
  const queue = createAdmissionQueue({
    maxWaiting: config.GATEWAY_SIGN_IN_QUEUE_MAX,
    maxWaitMs: config.GATEWAY_SIGN_IN_QUEUE_WAIT_MS,
  });
  const refuse = (req: IncomingMessage, res: ServerResponse, reason: ShedReason) => {
    shedRequests.inc({ reason });
    const lang = resolveLanguage(req.headers);
    sendJsonError(res, 503, 'service_unavailable', lang, undefined, shedder.retryAfterSeconds);
  };

  return {
    rateLimits,
    addressOf,
    shed(req, res, resume) {
      const reason = shedder.admit(req, res);
      if (!reason) return false;
      const queued =
        reason !== 'address_share' &&
        isQueueable(req) &&
        queue.wait(
          res,
          () => shedder.admit(req, res),
          resume,
          () => refuse(req, res, reason),
        );
      if (!queued) refuse(req, res, reason);
      return true;
    },
    close() {
      queue.close();
      unwatch();
      shedder.close();
      rateLimits.close();
    },
  };
}
