/** The bench's knobs (environment variables, see classroom.ts) and the shape of a school. */
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
export const PHASES = new Set(
  list(process.env.BENCH_PHASES, 'sign-in,summary,history,capacity,lag,classroom'),
);
/** The sign-in phase: classes of CLASS_SIZE signing in at the bell (BENCH_SIGN_IN_CLASSES, default 10). */
export const SIGN_IN_CLASSES = Number(process.env.BENCH_SIGN_IN_CLASSES ?? 10);
/** Each pupil starts signing in at a random moment of this many seconds after the bell. */
export const SIGN_IN_SPREAD_SECONDS = Number(process.env.BENCH_SIGN_IN_SPREAD_SECONDS ?? 10);
/** BENCH_SIGN_IN_HASH=argon2id: the pictures stored as auth stored them before the keyed hash (0055), to compare. */
export const SIGN_IN_HASH = (process.env.BENCH_SIGN_IN_HASH ?? 'keyed') as 'keyed' | 'argon2id';
export const CLASSROOMS = list(process.env.BENCH_PUPILS, '5000,10000,20000').map(Number);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
export const LAG_RATES = list(process.env.BENCH_LAG_RATES, '50,500,1000').map(Number);
export const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 10);
export const CAPACITY_CONNECTIONS = list(process.env.BENCH_CAPACITY_CONNECTIONS, '10,50').map(Number);
/**
 * How the classroom phase opens: 'cold' (every cache empty, as at a lesson's start), 'counts' (the badge counts
 * already in Redis, as for pupils who played within the cache's TTL; the gateway's memory still empty),
 * 'connections' (every class's connections opened first, the caches cold), 'warm' (every tab has polled once
 * before the clock starts, 50 classes at a time; the CPU per cold poll is printed, idle subtracted) or 'processes'
 * (PROCESS_WARMERS other pupils play for PROCESS_WARM_SECONDS first, so every process has run the lesson's paths
 * while the classroom's own sessions and counts stay cold: what a warm-up before readiness could give at most).
 */
export const OPENING = (process.env.BENCH_OPENING ?? 'cold') as
  | 'cold'
  | 'counts'
  | 'connections'
  | 'warm'
  | 'processes';
/**
 * BENCH_OPENING=processes: pupils past the classroom's who play for PROCESS_WARM_SECONDS (BENCH_WARM_SECONDS, default
 * 10) before its clock starts.
 */
export const PROCESS_WARMERS = 300;
export const PROCESS_WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 10);
/** BENCH_QUIET_SECONDS: after the opening, the stack sits this long with no calls before the lesson (a break). */
export const QUIET_SECONDS = Number(process.env.BENCH_QUIET_SECONDS ?? 0);
/** The classroom phase prints its first seconds one by one (calls by the second they started, CPU per second). */
export const OPENING_SECONDS = 15;
export const REAL_LOGINS = Number(process.env.BENCH_REAL_LOGINS ?? 20);
export const POLL_MS = 3_000;
export const POST_EVERY_MS = 60_000;
export const REQUEST_TIMEOUT_MS = 10_000;
/** The error text of a call that got no answer by REQUEST_TIMEOUT_MS (pupils.ts), counted apart (report.ts). */
export const TIMED_OUT = 'timeout';
/** Pupils of one class share an address and a browser-like connection pool (a school behind one NAT). */
export const CLASS_SIZE = 30;
/** Connections per class (BENCH_SOCKETS_PER_CLASS): 6 as one browser would open, up to CLASS_SIZE for a device each. */
export const SOCKETS_PER_CLASS = Number(process.env.BENCH_SOCKETS_PER_CLASS ?? 6);
export const PASSWORD = 'correct horse';
/**
 * The bench's own Postgres connections (setup, lag watcher, samplers) carry this application_name, so the CPU and
 * wait events of "this database's backends" are the product's alone.
 */
export const BENCH_APPLICATION = 'mathgames-bench';

/** Devices: distinct loopback addresses (all of 127/8 is local on Linux), one per class. */
export const classAddress = (c: number) => `127.0.${1 + (c >> 7)}.${1 + (c & 127)}`;
