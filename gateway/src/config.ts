import { fileURLToPath } from 'node:url';
import { type BaseConfig, DEFAULT_PORTS, loadConfig, localUrlOf } from '@mathgames/platform';
import { z } from 'zod';

// The built SPA sits beside the gateway package in the repository (gateway/src or gateway/dist → frontend/dist).
const defaultSpaDir = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

/** Gateway settings on top of platform's base config; every one has a working local default. */
export const gatewayConfigShape = {
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORTS.gateway),
  AUTH_URL: z.url().default(localUrlOf('auth')),
  GAME_RESULTS_URL: z.url().default(localUrlOf('game-results')),
  BADGES_URL: z.url().default(localUrlOf('badges')),
  CLASSES_URL: z.url().default(localUrlOf('classes')),
  SPA_DIR: z.string().min(1).default(defaultSpaDir),
  // Express "trust proxy": which hops may set X-Forwarded-For. Loopback only by default, so a client cannot
  // pick its own rate-limit bucket; set to the ingress network in Kubernetes.
  TRUST_PROXY: z.string().default('loopback'),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  // "This is a shared computer": the next pupil must not inherit the session (docs/security.md "How long a session lasts").
  SESSION_SHARED_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_SHARED_ABSOLUTE_HOURS: z.coerce.number().positive().default(8),
  // A classroom behind one NAT: 30 pupils polling every 3 s is 600/min, plus navigation; stay far above it.
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  // Credential endpoints (login, register, forgot/reset password) per IP per 15 minutes.
  RATE_LIMIT_AUTH_PER_15_MINUTES: z.coerce.number().int().positive().default(150),
  // Class codes that named no open class, per address (IPv6: per /64) per 15 minutes: past it that address's join
  // lookups get 429. A budget of its own, apart from login and the password mails (docs/decisions/0041-sign-in-budgets-per-address.md).
  RATE_LIMIT_JOIN_MISSES_PER_ADDRESS_PER_15_MINUTES: z.coerce.number().int().positive().default(150),
  // The same, from every address together: past it nobody is refused, but lookups from addresses that missed
  // lately are slowed by JOIN_SLOW_MS and counted (`gateway_join_lookups_slowed_total`, the alert
  // ClassCodeGuessingWide) so an operator looks.
  RATE_LIMIT_JOIN_MISSES_PER_15_MINUTES: z.coerce.number().int().positive().default(3000),
  // Upstream socket inactivity (not total time: a slow photo upload that keeps sending is fine).
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  // Load shedding (load-shedding.ts): past either bound new requests get 503 + Retry-After at once. In flight
  // is ~ requests/s × latency: 3,000/s at 50 ms is 150, so 1,000 means upstreams already lag far behind.
  GATEWAY_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(1000),
  // Mean event-loop delay over 0.5 s windows (an idle loop shows ~10 ms); past it this process's CPU is the
  // bottleneck and every request already waits that long before it is even read.
  GATEWAY_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().positive().default(200),
  // The share of GATEWAY_MAX_IN_FLIGHT one client address (IPv6: one /64) may hold: past it only that client gets
  // 503, so one client cannot shed the site. A school behind one NAT (30 tabs polling) holds a few at a time.
  GATEWAY_ADDRESS_SHARE: z.coerce.number().positive().max(1).default(0.25),
  // A pupil's sign-in past either bound waits (admission-queue.ts, docs/decisions/0056-sign-in-queue.md) instead of
  // a 503 at once: at most this many at once, each at most this long (0: no queue). A bell is ~30 per class.
  GATEWAY_SIGN_IN_QUEUE_MAX: z.coerce.number().int().min(0).default(600),
  GATEWAY_SIGN_IN_QUEUE_WAIT_MS: z.coerce.number().int().min(0).default(8_000),
  // A request body is read before the request counts (body-gate.ts): idle this long gets 408, larger gets 413.
  GATEWAY_BODY_IDLE_MS: z.coerce.number().int().positive().default(10_000),
  GATEWAY_MAX_BODY_BYTES: z.coerce.number().int().positive().default(102_400),
  // Node's own bounds on a slow client: the header block, and the whole request (headers and body), else 408.
  GATEWAY_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  GATEWAY_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  // The lesson the gateway plays against itself after it starts, before it reports ready (warm-up.ts); 0: none.
  GATEWAY_WARM_UP_SECONDS: z.coerce.number().min(0).max(30).default(2),
  // Origin of the optional analytics script (the frontend's VITE_ANALYTICS_URL); the CSP allows it only if set.
  VITE_ANALYTICS_URL: z.url().optional(),
};

export type GatewayConfig = BaseConfig & z.infer<z.ZodObject<typeof gatewayConfigShape>>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(gatewayConfigShape, env, { deployable: 'gateway' });
}
