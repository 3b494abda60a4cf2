import { httpRequestDuration, httpRequestsTotal, metricsRegistry } from '@mathgames/platform';
import type { Request } from 'express';
import { Counter, Gauge } from 'prom-client';
import type { LoadShedder } from './limits/load-shedding.js';
import { upstreamFor } from './upstreams.js';

/**
 * The gateway's own metrics, beside the platform's `http_requests_total` and `http_request_duration_seconds`
 * (labelled `service="gateway"`, `route` = the target: a service's name, `gateway` for what it answers itself under
 * /api, `web` for the app). Created once per process, like the platform's.
 */
export const shedRequests = new Counter({
  name: 'gateway_shed_requests_total',
  help: 'Requests refused with 503 because the gateway was past its capacity, by signal',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

const shedders = new Set<LoadShedder>();

/** Counts a shedder's open requests in `gateway_in_flight_requests` until it is closed. */
export function watchInFlight(shedder: LoadShedder): () => void {
  shedders.add(shedder);
  return () => shedders.delete(shedder);
}

new Gauge({
  name: 'gateway_in_flight_requests',
  help: 'Requests accepted and not yet answered (load shedding starts at GATEWAY_MAX_IN_FLIGHT)',
  registers: [metricsRegistry],
  collect() {
    let open = 0;
    for (const shedder of shedders) open += shedder.inFlight;
    this.set(open);
  },
});

/** Request bodies being read before admission (body-gate.ts): slow or idle clients show here, not in flight. */
export const readingBodies = new Gauge({
  name: 'gateway_reading_bodies',
  help: 'Requests whose body is still arriving (not yet counted in flight; 408 when idle for GATEWAY_BODY_IDLE_MS)',
  registers: [metricsRegistry],
});

/**
 * Join lookups slowed because codes naming no class, from every address together, passed
 * RATE_LIMIT_JOIN_MISSES_PER_15_MINUTES: someone guesses class codes from many addresses (docs/decisions/0041-sign-in-budgets-per-address.md).
 */
export const joinLookupsSlowed = new Counter({
  name: 'gateway_join_lookups_slowed_total',
  help: 'Class code lookups slowed because codes naming no class from all addresses together passed their budget',
  registers: [metricsRegistry],
});

/** The `route` label of a request the gateway answers through Express. */
export function targetOf(req: Request): string {
  const path = req.originalUrl.split('?', 1)[0]!;
  return path.startsWith('/api/') ? (upstreamFor(path) ?? 'gateway') : 'web';
}

/** Records a request answered before Express (the poll fast path), as the platform records the others. */
export function observeRequest(route: string, method: string, status: number, startedAt: bigint): void {
  const labels = { service: 'gateway', method, route, status: String(status) };
  httpRequestsTotal.inc(labels);
  httpRequestDuration.observe(labels, Number(process.hrtime.bigint() - startedAt) / 1e9);
}
