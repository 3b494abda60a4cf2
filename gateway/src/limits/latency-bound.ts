import { performance } from 'node:perf_hooks';

/**
 * A bound on how many requests of one kind may be open at once, set by how long they take to answer (additive
 * increase, multiplicative decrease, as TCP sets its window). An answer slower than the target halves the bound, to
 * half the concurrency it was measured at (at most once per target period, so one burst of slow answers cuts once);
 * while the bound is in use, each answer within the target raises it by 1/bound, about one per round trip. It never
 * falls below `minLimit`, so a slow answer at an ordinary load (a few requests open) refuses nothing.
 *
 * Why: the in-flight bound (load-shedding.ts) refuses only when 1,000 requests are open, and at a saturated box's
 * rate that is seconds of queue. Past the point where the answers slow down, more concurrency buys no throughput,
 * only waiting: the client is better told at once (503 + Retry-After) and sends again later.
 */
export interface LatencyBound {
  /** Counts the request if the bound has room, else false (the caller refuses it). */
  tryAcquire(): boolean;
  /** The request admitted by `tryAcquire` was answered (or aborted) after `elapsedMs`. */
  release(elapsedMs: number): void;
  readonly limit: number;
  readonly inFlight: number;
}

export interface LatencyBoundOptions {
  targetMs: number;
  minLimit: number;
  maxLimit: number;
  now?: () => number;
}

export function createLatencyBound(options: LatencyBoundOptions): LatencyBound {
  const { targetMs, minLimit, maxLimit } = options;
  const now = options.now ?? (() => performance.now());
  let limit = maxLimit;
  let inFlight = 0;
  let lastCut = Number.NEGATIVE_INFINITY;
  return {
    tryAcquire() {
      if (inFlight >= Math.floor(limit)) return false;
      inFlight++;
      return true;
    },
    release(elapsedMs) {
      const concurrency = inFlight;
      inFlight--;
      if (elapsedMs > targetMs) {
        const at = now();
        if (at - lastCut < targetMs) return;
        lastCut = at;
        limit = Math.max(minLimit, Math.min(limit, concurrency) / 2);
      } else if (concurrency * 2 >= limit) {
        limit = Math.min(maxLimit, limit + 1 / limit);
      }
    },
    get limit() {
      return Math.floor(limit);
    },
    get inFlight() {
      return inFlight;
    },
  };
}
