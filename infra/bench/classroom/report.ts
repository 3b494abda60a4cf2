/** How the bench prints: one line per figure, each with the machine's load, and phases that fail on their own. */
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { LoadResult } from '../load.js';
import { OPENING_SECONDS, PHASES, TIMED_OUT } from './config.js';

export const say = (text: string) => process.stdout.write(`${text}\n`);
/** The machine is shared: every figure is printed with the 1-minute load average it was taken under. */
export const machineLoad = () =>
  `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
export const ms = (n: number) => `${n.toFixed(1)} ms`;

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Errors of a closed-loop run; `okStatuses` beyond 2xx (e.g. 304) count as answers, not errors. */
export function loadErrors(r: LoadResult, okStatuses: number[] = []): number {
  const okNon2xx = okStatuses.reduce((n, s) => n + (r.statusCodeStats[String(s)]?.count ?? 0), 0);
  return r.errors + r.timeouts + (r.non2xx - okNon2xx);
}

export function loadLine(name: string, r: LoadResult, okStatuses: number[] = []): string {
  return `${name.padEnd(48)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${ms(r.latency.p50).padStart(9)}  p99 ${ms(
    r.latency.p99,
  ).padStart(9)}  errors ${loadErrors(r, okStatuses)}`;
}

export function describeErrors(errors: Map<string, number>): string {
  if (errors.size === 0) return '0';
  return [...errors].map(([kind, n]) => `${n}×${kind}`).join(' ');
}

/** Per-endpoint latencies and outcomes of the open-loop phases. */
export class Recorder {
  private readonly samples = new Map<
    string,
    { latencies: number[]; windows: number[][]; errors: Map<string, number>; staleIdleMs: number[] }
  >();
  private readonly started = performance.now();
  private ended: number | null = null;
  /** Calls slower than 1 s, by 10 s of the phase: shows whether a tail is a stall at one moment or steady. */
  private readonly slow: number[] = [];
  /** Of the calls slower than 1 s: how long each waited for a class connection, opened one, then was answered. */
  private readonly slowParts = {
    queued: [] as number[],
    connecting: [] as number[],
    answered: [] as number[],
  };
  /** Every endpoint's calls of the first OPENING_SECONDS, by the second they started in (`openingLines`). */
  private readonly opening: number[][] = [];
  /**
   * The load generator's own event-loop delay: a latency measured here includes it, so a tail that matches it is
   * the generator running late on the shared cores, not the product answering late.
   */
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });

  constructor() {
    this.loopDelay.enable();
  }

  /** Ends the measuring window (rates are per second of the phase, not of the whole run). */
  stop(): void {
    this.ended ??= performance.now();
    this.loopDelay.disable();
  }

  /** One call: its time, and when not `ok` its status (no answer: 'timeout' at the deadline, else the socket error). */
  record(
    endpoint: string,
    call: {
      elapsed: number;
      status: number;
      text: string;
      queued: number;
      connecting: number;
      staleIdleMs: number[];
    },
    ok: boolean,
  ): void {
    const { elapsed, status } = call;
    let s = this.samples.get(endpoint);
    if (!s) {
      s = { latencies: [], windows: [], errors: new Map(), staleIdleMs: [] };
      this.samples.set(endpoint, s);
    }
    s.latencies.push(elapsed);
    s.staleIdleMs.push(...call.staleIdleMs);
    if (!ok) {
      const kind =
        status !== 0 ? String(status) : call.text === TIMED_OUT ? 'timeout' : `network (${call.text})`;
      s.errors.set(kind, (s.errors.get(kind) ?? 0) + 1);
    }
    const bucket = Math.floor((performance.now() - this.started) / 10_000);
    const window = s.windows[bucket] ?? [];
    window.push(elapsed);
    s.windows[bucket] = window;
    if (elapsed > 1_000) {
      this.slow[bucket] = (this.slow[bucket] ?? 0) + 1;
      this.slowParts.queued.push(call.queued);
      this.slowParts.connecting.push(call.connecting);
      this.slowParts.answered.push(elapsed - call.queued - call.connecting);
    }
    const startedIn = Math.floor((performance.now() - elapsed - this.started) / 1000);
    if (startedIn < OPENING_SECONDS) {
      this.opening[startedIn] ??= [];
      this.opening[startedIn].push(elapsed);
    }
  }

  /**
   * The opening second by second: the calls that started in each second (all endpoints) and how long they took,
   * beside the CPU of that second (`cpuBySecond`), so a queue's build-up and drain can be read against the load.
   */
  openingLines(cpu: string[]): string[] {
    return Array.from({ length: OPENING_SECONDS }, (_, i) => {
      const calls = this.opening[i] ?? [];
      const times =
        calls.length === 0
          ? 'no calls'
          : `${String(calls.length).padStart(5)} calls, p50 ${percentile(calls, 50).toFixed(0).padStart(5)} ms, p99 ${percentile(calls, 99).toFixed(0).padStart(5)} ms`;
      return `${String(i).padStart(2)} s: ${times}; ${cpu[i] ?? 'cpu not sampled'}`;
    });
  }

  print(): void {
    const seconds = ((this.ended ?? performance.now()) - this.started) / 1000;
    for (const [endpoint, s] of this.samples) {
      say(
        `${endpoint.padEnd(48)} ${(s.latencies.length / seconds).toFixed(1).padStart(7)} req/s  p50 ${ms(
          percentile(s.latencies, 50),
        ).padStart(9)}  p99 ${ms(percentile(s.latencies, 99)).padStart(9)}  n ${
          s.latencies.length
        }  errors ${describeErrors(s.errors)}${staleLine(s.staleIdleMs)}`,
      );
      // The first 10 s hold every tab's first, cold call (no session or counts in any cache yet): shown apart.
      const byWindow = Array.from(s.windows, (w) => (w ? percentile(w, 99).toFixed(0) : '-'));
      const after = s.windows.slice(1).flatMap((w) => w ?? []);
      say(
        `   p99 per 10 s (ms): ${byWindow.join(', ')}; after the first 10 s: p50 ${ms(percentile(after, 50))}, p99 ${ms(percentile(after, 99))}`,
      );
    }
    const delay = (q: number) => ms(this.loopDelay.percentile(q) / 1e6);
    say(
      `load generator event-loop delay: p50 ${delay(50)}, p99 ${delay(99)}, max ${ms(this.loopDelay.max / 1e6)}`,
    );
    if (this.slow.length > 0) {
      const buckets = Array.from(this.slow, (n, i) => `${i * 10}-${i * 10 + 10} s: ${n ?? 0}`);
      say(`calls slower than 1 s, by when they ended: ${buckets.join(', ')}`);
      // A call waits in its class's pool (6 connections for 30 tabs) where the product cannot see it, let alone
      // shed it; only the last part is the product's (and the kernel's, before the gateway accepts).
      const part = (name: keyof typeof this.slowParts) =>
        `${ms(percentile(this.slowParts[name], 50))} / ${ms(percentile(this.slowParts[name], 99))}`;
      say(
        `   their time, p50 / p99: waiting for a class connection ${part('queued')}, opening one ${part('connecting')}, answered on it ${part('answered')}`,
      );
    }
  }
}

/** The tabs' resends on a kept-alive connection found closed (pupils.ts), with the idle times that closed them. */
function staleLine(idleMs: number[]): string {
  if (idleMs.length === 0) return '';
  const seconds = idleMs.map((idle) => idle / 1000);
  return `; sent again on a reused connection closed before any answer, as a browser does: ${idleMs.length} (the connection idle ${Math.min(...seconds).toFixed(1)}-${Math.max(...seconds).toFixed(1)} s)`;
}

export const failures: string[] = [];

/** Runs one phase; its error is printed (with the stack) and remembered, and the next phase still runs. */
export async function phase(key: string, name: string, run: () => Promise<void>): Promise<void> {
  if (key !== 'setup' && !PHASES.has(key)) return;
  say('');
  say(`== ${name} ==`);
  try {
    await run();
  } catch (err) {
    failures.push(name);
    say(`PHASE FAILED: ${name}: ${(err as Error)?.stack ?? String(err)}`);
  }
}
