import { createRequire } from 'node:module';

/** The part of autocannon's result the benchmark prints (the package ships no types). */
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  connections?: number;
  duration?: number;
  /** A number of requests instead of a duration. */
  amount?: number;
  headers?: Record<string, string>;
  /** Called per request to vary headers (e.g. rotate pupils' cookies). */
  setupRequest?: (request: { headers: Record<string, string> }) => { headers: Record<string, string> };
}

const autocannon = createRequire(import.meta.url)('autocannon') as (options: unknown) => Promise<LoadResult>;

/** Closed-loop load: `connections` clients each sending the next request as soon as the last answered. */
export function load(options: LoadOptions): Promise<LoadResult> {
  const { setupRequest, ...rest } = options;
  return autocannon({
    connections: 10,
    duration: 5,
    ...rest,
    ...(setupRequest ? { requests: [{ method: rest.method ?? 'GET', setupRequest }] } : {}),
  });
}
