import type { IncomingMessage, ServerResponse } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { addressBucket } from '@mathgames/platform';

/**
 * Past its capacity the gateway answers 503 + Retry-After at once instead of queueing requests until clients
 * time out (which is how a saturated Node process dies: memory grows, every request gets slower, nothing
 * finishes). Two signals, both cheap to read on every request:
 * - requests in flight (accepted, not yet answered) above `maxInFlight`: upstreams are slower than arrivals;
 * - mean event-loop delay above `maxEventLoopDelayMs` over the last sample window, while at least
 *   `minInFlightForDelay` requests are open: this process's CPU is the limit. A slow loop with few requests open
 *   is a starved CPU (a busy node, CPU throttling), where refusing the few requests there are helps nobody.
 * One client must not take the site down with it: no address (IPv6: no /64) may hold more than
 * `maxInFlightPerAddress` of the bound (reason `address_share`), so past it only that client is refused. Only the
 * API is counted and shed: the web app, its pre-rendered pages and static files (where guest play runs) cost no
 * upstream and are always served.
 * No library fits: `under-pressure` is Fastify-only, `overload-protection` and `toobusy-js` are unmaintained.
 */
export interface LoadShedderOptions {
  maxInFlight: number;
  maxEventLoopDelayMs: number;
  /** Requests one address (or IPv6 /64) may have open at once (default: all of `maxInFlight`). */
  maxInFlightPerAddress?: number;
  /** The client address of a request (default: the socket's peer); behind a trusted proxy, X-Forwarded-For's. */
  addressOf?: (req: IncomingMessage) => string;
  /** Requests that must be open for the delay to count (default a tenth of `maxInFlight`). */
  minInFlightForDelay?: number;
  /** How often the event-loop delay is sampled and the decision renewed. */
  sampleIntervalMs?: number;
  /** Seconds a shed client is asked to wait (Retry-After). */
  retryAfterSeconds?: number;
}

export type ShedReason = 'in_flight' | 'event_loop_delay' | 'address_share';

export interface LoadShedder {
  /**
   * Counts the request while it is open, or returns why it must be refused (the caller answers 503). Probes
   * (`/healthz`, `/readyz`, `/metrics`) are never refused: a busy pod is alive, and marking it unready would only
   * push its load onto the others. Nor is anything outside /api (the app shell, pages, static files).
   */
  admit(req: IncomingMessage, res: ServerResponse): ShedReason | null;
  readonly inFlight: number;
  /** The mean event-loop delay (ms) of the last sample window. */
  readonly eventLoopDelayMs: number;
  readonly retryAfterSeconds: number;
  close(): void;
}

const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** Whether a path is ever shed: only the API is (probes and the web app never are). */
export function isSheddable(path: string): boolean {
  return (path === '/api' || path.startsWith('/api/')) && !PROBES.has(path);
}

const socketAddress = (req: IncomingMessage) => req.socket?.remoteAddress ?? '';

export function createLoadShedder(options: LoadShedderOptions): LoadShedder {
  const sampleIntervalMs = options.sampleIntervalMs ?? 500;
  const minInFlightForDelay = options.minInFlightForDelay ?? Math.ceil(options.maxInFlight / 10);
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const perAddressBound = options.maxInFlightPerAddress ?? options.maxInFlight;
  const addressOf = options.addressOf ?? socketAddress;
  /** Open requests per address bucket; a bucket is deleted when its count drops to 0, so the map stays small. */
  const byAddress = new Map<string, number>();
  let inFlight = 0;
  let delayMs = 0;
  // The mean, not a high percentile: a saturated loop delays every tick, while a single stall (a GC pause, the
  // pod descheduled on a busy node) is one slow sample among many and should not refuse a whole window. The
  // window's own tick being late counts too: a loop blocked for the whole window records no sample at all.
  let lastTick = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const lateBy = Math.max(0, now - lastTick - sampleIntervalMs);
    lastTick = now;
    const mean = histogram.count > 0 ? histogram.mean / 1e6 : 0;
    delayMs = Math.max(mean, lateBy);
    histogram.reset();
  }, sampleIntervalMs);
  timer.unref();

  return {
    admit(req, res) {
      const path = req.url?.split('?', 1)[0] ?? '';
      if (!isSheddable(path)) return null;
      const bucket = addressBucket(addressOf(req));
      const mine = byAddress.get(bucket) ?? 0;
      if (inFlight >= options.maxInFlight) return 'in_flight';
      if (mine >= perAddressBound) return 'address_share';
      if (delayMs > options.maxEventLoopDelayMs && inFlight >= minInFlightForDelay) return 'event_loop_delay';
      inFlight++;
      byAddress.set(bucket, mine + 1);
      // 'close' fires once per response, finished or aborted, so the counts cannot leak.
      res.once('close', () => {
        inFlight--;
        const left = (byAddress.get(bucket) ?? 1) - 1;
        if (left > 0) byAddress.set(bucket, left);
        else byAddress.delete(bucket);
      });
      return null;
    },
    get inFlight() {
      return inFlight;
    },
    get eventLoopDelayMs() {
      return delayMs;
    },
    retryAfterSeconds: options.retryAfterSeconds ?? 2,
    close() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
