import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type createPool, sleep } from '@mathgames/platform';
import { managementBase } from '@mathgames/platform/testing';
import type { Redis } from 'ioredis';
import { BENCH_APPLICATION } from './config.js';

const run = promisify(execFile);

/**
 * RabbitMQ's connections in flow control or blocked ("name\tstate"): from its management API (one HTTP call; `.ci/run`
 * enables the plugin), else from `rabbitmqctl` run asynchronously. Never `spawnSync`: rabbitmqctl starts an Erlang
 * VM (about a second here), and run synchronously it froze the load generator's event loop for that second every
 * 2 s, which every call in flight then counted as latency.
 */
async function flowControlled(): Promise<string[]> {
  const { base, auth } = managementBase(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  const held = (state: string) => state === 'flow' || state.startsWith('blocked');
  try {
    const res = await fetch(`${base}/api/connections?columns=name,state`, {
      headers: { authorization: auth },
      signal: AbortSignal.timeout(2_000),
    });
    if (res.ok)
      return ((await res.json()) as Array<{ name: string; state: string }>)
        .filter((c) => held(c.state))
        .map((c) => `${c.name}\t${c.state}`);
  } catch {
    // not answering: rabbitmqctl below
  }
  const listed = await run('rabbitmqctl', ['-q', 'list_connections', 'name', 'state'], {
    timeout: 5_000,
  }).catch(() => ({ stdout: '' }));
  return listed.stdout.split('\n').filter((line) => held(line.split('\t')[1] ?? ''));
}

/**
 * Where a stall comes from (docs/decisions/0022-bench-measures-only-the-product.md): over one phase, each deployable's event-loop delay (prom-client's
 * `nodejs_eventloop_lag_*`, whose histogram every scrape resets: one scrape at the start, one at the end), the
 * longest GC pauses (`nodejs_gc_duration_seconds`), what this database's backends waited on (pg_stat_activity
 * sampled every 100 ms), the checkpoints Postgres made meanwhile (and why: `immediate` ones are another
 * database's CREATE/DROP), Redis' slowest command latencies and whether RabbitMQ put a connection into flow.
 */
export class StallEvidence {
  private readonly waits = new Map<string, number>();
  private samples = 0;
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  private checkpointsBefore = { timed: 0, requested: 0, writeMs: 0, syncMs: 0 };
  private gcBefore = new Map<string, number>();
  private slowBefore = new Map<string, Map<string, SlowCount>>();
  private flowSeen = new Set<string>();

  constructor(
    private readonly urls: Partial<Record<string, string>>,
    private readonly pool: ReturnType<typeof createPool>,
    private readonly database: string,
  ) {}

  private async scrape(): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    await Promise.all(
      Object.entries(this.urls).map(async ([name, url]) => {
        if (!url) return;
        const text = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5_000) })
          .then((r) => r.text())
          .catch(() => '');
        texts.set(name, text);
      }),
    );
    return texts;
  }

  private async checkpoints() {
    const { rows } = await this.pool.query<{
      timed: string;
      requested: string;
      write_ms: number;
      sync_ms: number;
    }>(
      `SELECT checkpoints_timed AS timed, checkpoints_req AS requested, checkpoint_write_time AS write_ms,
              checkpoint_sync_time AS sync_ms FROM pg_stat_bgwriter`,
    );
    const r = rows[0]!;
    return { timed: Number(r.timed), requested: Number(r.requested), writeMs: r.write_ms, syncMs: r.sync_ms };
  }

  async start(): Promise<void> {
    const texts = await this.scrape();
    this.gcBefore = new Map([...texts].map(([name, text]) => [name, gcSeconds(text)]));
    this.slowBefore = new Map([...texts].map(([name, text]) => [name, slowRequests(text)]));
    this.checkpointsBefore = await this.checkpoints();
    this.waits.clear();
    this.samples = 0;
    this.flowSeen.clear();
    this.running = true;
    const sampleWaits = async () => {
      while (this.running) {
        await this.pool
          .query<{ wait: string; n: number }>(
            `SELECT coalesce(wait_event_type || ':' || wait_event, 'on CPU') AS wait, count(*)::int AS n
               FROM pg_stat_activity
              WHERE datname = $1 AND state = 'active' AND application_name IS DISTINCT FROM $2
              GROUP BY 1`,
            [this.database, BENCH_APPLICATION],
          )
          .then(({ rows }) => {
            this.samples++;
            for (const r of rows) this.waits.set(r.wait, (this.waits.get(r.wait) ?? 0) + r.n);
          })
          .catch(() => {});
        await sleep(100);
      }
    };
    // RabbitMQ's flow control, every 2 s.
    const sampleFlow = async () => {
      while (this.running) {
        for (const line of await flowControlled()) this.flowSeen.add(line.trim());
        await sleep(2_000);
      }
    };
    this.loop = Promise.all([sampleWaits(), sampleFlow()]).then(() => {});
  }

  async lines(redis: Redis): Promise<string[]> {
    this.running = false;
    await this.loop;
    const texts = await this.scrape();
    const lag = [...texts]
      .map(([name, text]) => {
        const value = (metric: string) =>
          Number(new RegExp(`^${metric} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN) * 1000;
        const gc = gcSeconds(text) - (this.gcBefore.get(name) ?? 0);
        return `${name} p50 ${value('nodejs_eventloop_lag_p50_seconds').toFixed(0)} / p99 ${value(
          'nodejs_eventloop_lag_p99_seconds',
        ).toFixed(
          0,
        )} / max ${value('nodejs_eventloop_lag_max_seconds').toFixed(0)} ms (GC ${(gc * 1000).toFixed(0)} ms)`;
      })
      .join('; ');
    const slow = [...texts]
      .flatMap(([name, text]) =>
        [...slowRequests(text)].map(([route, now]) => {
          const before = this.slowBefore.get(name)?.get(route) ?? { all: 0, over250: 0, over1000: 0 };
          return {
            at: `${name} ${route}`,
            all: now.all - before.all,
            over250: now.over250 - before.over250,
            over1000: now.over1000 - before.over1000,
          };
        }),
      )
      .filter((s) => s.all > 0)
      .map((s) => `${s.at}: ${s.all} calls, ${s.over250} over 250 ms, ${s.over1000} over 1 s`)
      .join('; ');
    const after = await this.checkpoints();
    const waits = [...this.waits]
      .sort((a, b) => b[1] - a[1])
      .map(([wait, n]) => `${wait} ${(n / Math.max(1, this.samples)).toFixed(2)}`)
      .join(', ');
    const latency = (await redis.call('LATENCY', 'LATEST').catch(() => [])) as Array<
      [string, number, number, number]
    >;
    return [
      `event-loop delay per process (and GC time) over the phase: ${lag}`,
      `time inside each process (its http_request_duration_seconds, from the request to the answer): ${slow || 'none'}`,
      `postgres backends of this database, mean number per 100 ms sample: ${waits || 'none active'} (${this.samples} samples)`,
      `postgres checkpoints meanwhile: ${after.timed - this.checkpointsBefore.timed} timed, ${
        after.requested - this.checkpointsBefore.requested
      } requested (write ${((after.writeMs - this.checkpointsBefore.writeMs) / 1000).toFixed(1)} s, sync ${(
        (after.syncMs - this.checkpointsBefore.syncMs) / 1000
      ).toFixed(1)} s)`,
      `redis LATENCY LATEST: ${latency.length === 0 ? 'none recorded (latency-monitor-threshold 0)' : latency.map((l) => `${l[0]} max ${l[3]} ms`).join(', ')}`,
      `rabbitmq connections in flow control: ${this.flowSeen.size === 0 ? 'none seen' : [...this.flowSeen].join(', ')}`,
    ];
  }
}

/** Total GC pause seconds a deployable reported (all kinds). */
function gcSeconds(metricsText: string): number {
  let total = 0;
  for (const match of metricsText.matchAll(/^nodejs_gc_duration_seconds_sum\{[^}]*\} (\S+)/gm))
    total += Number(match[1]);
  return total;
}

interface SlowCount {
  all: number;
  over250: number;
  over1000: number;
}

/** Per method and route, how many requests a deployable answered, and how many took over 250 ms and over 1 s. */
function slowRequests(metricsText: string): Map<string, SlowCount> {
  const byRoute = new Map<string, { all: number; le250: number; le1000: number }>();
  const re = /^http_request_duration_seconds_bucket\{([^}]*)\} (\S+)/gm;
  for (const match of metricsText.matchAll(re)) {
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const key = `${labels.method} ${labels.route}`;
    const entry = byRoute.get(key) ?? { all: 0, le250: 0, le1000: 0 };
    const n = Number(match[2]);
    if (labels.le === '+Inf') entry.all += n;
    else if (labels.le === '0.25') entry.le250 += n;
    else if (labels.le === '1') entry.le1000 += n;
    byRoute.set(key, entry);
  }
  return new Map(
    [...byRoute].map(([k, e]) => [k, { all: e.all, over250: e.all - e.le250, over1000: e.all - e.le1000 }]),
  );
}
