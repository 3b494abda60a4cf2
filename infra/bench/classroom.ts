/**
 * `npm run bench` / `make bench`: the product against the full local stack (every deployable as its own process,
 * fresh database, Redis prefix and vhost), printing figures, never asserting them. Phases (BENCH_PHASES, comma
 * separated, default all): each prints its figures as soon as it ends, and a failing phase is reported and the
 * next one runs (nothing a later phase or the cleanup does can hide it).
 *
 *  summary   a bare Express hello-world (the comparison point) and the badge summary poll through the gateway
 *            (200 and 304), closed loop, 10 connections, 5 s, and each hop alone; then the poll (304) against a
 *            bare node:http server at 50 connections, for one tab and for every pupil in turn;
 *  history   statistics and summary for a pupil with 100,000 stored results and one with 10;
 *  capacity  results posted back to back (closed loop, BENCH_CAPACITY_CONNECTIONS), through the gateway and
 *            straight to the service, then how long both workers take to catch up;
 *  lag       event lag (result 201 → committed in the statistics read model and in badge progress) at each
 *            fixed arrival rate of BENCH_LAG_RATES for BENCH_LAG_SECONDS (open loop);
 *  classroom for each size in BENCH_PUPILS: every pupil polls the summary every 3 s (If-None-Match), posts a
 *            10-question result about every 60 s and then reads statistics and badges, for BENCH_SECONDS.
 * Every phase under load prints each process's CPU share (of 100 % per core).
 *
 * Pupils are not registered over HTTP (20,000 argon2 hashes would take ~15 minutes here): they are inserted in
 * one statement with one precomputed hash of auth's own parameters; BENCH_REAL_LOGINS of them log in for real,
 * concurrently (one login per account, far inside the per-account limits), and the others get a session of the
 * exact shape those real logins stored, signed with the gateway's secret.
 *
 * The load generator only targets 127.0.0.1 and every loop ends by itself at its deadline (requests time out
 * after 10 s).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '@mathgames/auth/testing';
import { GAME_TYPES } from '@mathgames/contracts';
import { honestResult, seedResults } from '@mathgames/game-results/testing';
import { createPool, IDENTITY_HEADER, signIdentity, sleep } from '@mathgames/platform';
import { startStack } from '@mathgames/test-stack';
import { Redis } from 'ioredis';
import { type LoadResult, load } from './load.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const PHASES = new Set(list(process.env.BENCH_PHASES, 'summary,history,capacity,lag,classroom'));
const CLASSROOMS = list(process.env.BENCH_PUPILS, '5000,20000').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const LAG_RATES = list(process.env.BENCH_LAG_RATES, '50,500,1000').map(Number);
const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 10);
const CAPACITY_CONNECTIONS = list(process.env.BENCH_CAPACITY_CONNECTIONS, '10,50').map(Number);
const REAL_LOGINS = Number(process.env.BENCH_REAL_LOGINS ?? 20);
const POLL_MS = 3_000;
const POST_EVERY_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** Pupils of one class share an address and a browser-like connection pool (a school behind one NAT). */
const CLASS_SIZE = 30;
const SOCKETS_PER_CLASS = 6;
const PASSWORD = 'correct horse';

const say = (text: string) => process.stdout.write(`${text}\n`);
/** The machine is shared: every figure is printed with the 1-minute load average it was taken under. */
const machineLoad = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Devices: distinct loopback addresses (all of 127/8 is local on Linux), one per class. */
const classAddress = (c: number) => `127.0.${1 + (c >> 7)}.${1 + (c & 127)}`;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Errors of a closed-loop run; `okStatuses` beyond 2xx (e.g. 304) count as answers, not errors. */
function loadErrors(r: LoadResult, okStatuses: number[] = []): number {
  const okNon2xx = okStatuses.reduce((n, s) => n + (r.statusCodeStats[String(s)]?.count ?? 0), 0);
  return r.errors + r.timeouts + (r.non2xx - okNon2xx);
}

function loadLine(name: string, r: LoadResult, okStatuses: number[] = []): string {
  return `${name.padEnd(48)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${ms(r.latency.p50).padStart(9)}  p99 ${ms(
    r.latency.p99,
  ).padStart(9)}  errors ${loadErrors(r, okStatuses)}`;
}

/** A comparison point as its own process: `hello-express.ts` (bare Express) or `hello-node.ts` (bare node:http). */
async function startHello(
  script: 'hello-express.ts' | 'hello-node.ts' = 'hello-express.ts',
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `infra/bench/${script}`], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, child };
}

// ---------------------------------------------------------------------------------------------------------------
// CPU shares

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process, in seconds (null when it is gone or unreadable). */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

function pidsNamed(comm: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Which processes to measure: the stack's, this database's Postgres backends, RabbitMQ, Redis, and us. */
type ProcessGroups = () => Promise<Record<string, number[]>>;

class CpuMeter {
  private readonly before = new Map<number, number>();
  private startedAt = 0;
  private groups: Record<string, number[]> = {};
  private ownBefore = process.cpuUsage();

  constructor(private readonly which: ProcessGroups) {}

  async start(): Promise<void> {
    this.groups = await this.which();
    this.before.clear();
    for (const pids of Object.values(this.groups))
      for (const pid of pids) {
        const s = cpuSeconds(pid);
        if (s !== null) this.before.set(pid, s);
      }
    this.ownBefore = process.cpuUsage();
    this.startedAt = performance.now();
  }

  /** "gateway 61 %, game-results 40 %, …" over the window since start(), of 100 % per core. */
  async line(): Promise<string> {
    const seconds = (performance.now() - this.startedAt) / 1000;
    // Backends that connected during the window count from their start.
    const now = await this.which();
    const parts: Array<[string, number]> = [];
    for (const [name, pids] of Object.entries({ ...this.groups, ...now })) {
      let used = 0;
      for (const pid of new Set([...(this.groups[name] ?? []), ...pids])) {
        const after = cpuSeconds(pid);
        if (after !== null) used += after - (this.before.get(pid) ?? 0);
      }
      parts.push([name, used]);
    }
    const own = process.cpuUsage(this.ownBefore);
    parts.push(['load generator', (own.user + own.system) / 1e6]);
    const total = parts.reduce((n, [, used]) => n + used, 0);
    const pct = (used: number) => `${((used / seconds) * 100).toFixed(0)} %`;
    return `cpu (of ${availableParallelism() * 100} %): ${parts
      .sort((a, b) => b[1] - a[1])
      .map(([name, used]) => `${name} ${pct(used)}`)
      .join(', ')}; total ${pct(total)}`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Pupils

/** One pupil's browser tab: the gateway session cookie and the summary's last ETag. */
class Pupil {
  cookie = '';
  etag = '';
  expectedQuestions = 0;
  expectedCorrect = 0;

  constructor(
    readonly baseUrl: URL,
    readonly userId: number,
    readonly email: string,
    readonly gameType: string,
    private readonly agent: http.Agent,
  ) {}

  async call(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
    const started = performance.now();
    const body = json === undefined ? undefined : JSON.stringify(json);
    const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
      (resolve) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: this.baseUrl.port,
            path,
            method,
            agent: this.agent,
            headers: {
              'x-lang': 'tr',
              ...(this.cookie ? { cookie: this.cookie } : {}),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...headers,
            },
          },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on('data', (c: Buffer) => chunks.push(c));
            incoming.on('end', () =>
              resolve({
                status: incoming.statusCode ?? 0,
                headers: incoming.headers,
                text: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            incoming.on('error', () => resolve({ status: 0, headers: {}, text: 'response aborted' }));
          },
        );
        // A deadline for the whole call, waiting for a free connection included: every loop ends on time.
        const deadline = setTimeout(() => req.destroy(new Error('timeout')), REQUEST_TIMEOUT_MS);
        req.once('close', () => clearTimeout(deadline));
        // A refused or reset connection is an outcome to count (status 0), never an exception in a pupil's loop.
        req.on('error', (err) => resolve({ status: 0, headers: {}, text: err.message }));
        req.end(body);
      },
    );
    const elapsed = performance.now() - started;
    const setCookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('mg.sid='));
    if (setCookie) this.cookie = setCookie.split(';', 1)[0]!;
    const etag = res.headers.etag;
    return { status: res.status, etag: typeof etag === 'string' ? etag : null, text: res.text, elapsed };
  }

  async logIn(): Promise<void> {
    const login = await this.call('POST', '/api/auth/login', { email: this.email, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login ${this.email}: ${login.status} ${login.text}`);
  }
}

/**
 * Inserts `count` pupils in one statement (one precomputed argon2id hash with auth's parameters), logs the first
 * `REAL_LOGINS` in for real, concurrently, and gives the others a session shaped exactly like those.
 */
async function createPupils(
  stack: Awaited<ReturnType<typeof startStack>>,
  pool: ReturnType<typeof createPool>,
  redis: Redis,
  count: number,
): Promise<{ pupils: Pupil[]; agents: http.Agent[]; seconds: number }> {
  const started = performance.now();
  const hash = await hashPassword(PASSWORD);
  const { rows } = await pool.query<{ id: number; i: number }>(
    `INSERT INTO auth.users (username, email, password_hash, is_verified)
     SELECT 'pupil' || i, 'pupil' || i || '@bench.local', $2, true FROM generate_series(0, $1::int - 1) AS i
     RETURNING id, substring(username FROM 6)::int AS i`,
    [count, hash],
  );
  const ids = new Map(rows.map((r) => [r.i, r.id]));
  const baseUrl = new URL(stack.baseUrl);
  if (baseUrl.hostname !== '127.0.0.1')
    throw new Error(`the load generator only targets 127.0.0.1, not ${baseUrl}`);
  const agents: http.Agent[] = [];
  const pupils: Pupil[] = [];
  for (let i = 0; i < count; i++) {
    const c = Math.floor(i / CLASS_SIZE);
    agents[c] ??= new http.Agent({
      keepAlive: true,
      maxSockets: SOCKETS_PER_CLASS,
      localAddress: classAddress(c),
    });
    pupils.push(
      new Pupil(
        baseUrl,
        ids.get(i)!,
        `pupil${i}@bench.local`,
        GAME_TYPES[i % GAME_TYPES.length]!,
        agents[c]!,
      ),
    );
  }

  const real = pupils.slice(0, Math.min(REAL_LOGINS, count));
  await Promise.all(real.map((p) => p.logIn()));
  const prefix = stack.env.REDIS_PREFIX!;
  const secret = stack.env.SESSION_SECRET!;
  const sidOf = (cookie: string) => {
    const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    return value.slice(2, value.lastIndexOf('.'));
  };
  const template = JSON.parse((await redis.get(`${prefix}sess:${sidOf(real[0]!.cookie)}`)) ?? 'null') as {
    uid: number;
    createdAt: number;
  } | null;
  if (!template || template.uid !== real[0]!.userId)
    throw new Error('a real login stored no session of the expected shape');
  const ttl = await redis.ttl(`${prefix}sess:${sidOf(real[0]!.cookie)}`);
  for (let from = real.length; from < count; from += 2_000) {
    const batch = redis.pipeline();
    for (const pupil of pupils.slice(from, from + 2_000)) {
      // express-session's ids are 24 random bytes, base64url; its cookie is "s:<id>.<HMAC-SHA256, no padding>".
      const sid = randomBytes(24).toString('base64url');
      const mac = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
      pupil.cookie = `mg.sid=${encodeURIComponent(`s:${sid}.${mac}`)}`;
      batch.set(
        `${prefix}sess:${sid}`,
        JSON.stringify({ ...template, uid: pupil.userId, createdAt: Date.now() }),
        'EX',
        ttl,
      );
      batch.sadd(`${prefix}user-sessions:${pupil.userId}`, sid);
    }
    await batch.exec();
  }
  // Every minted session must be one the gateway accepts: one poll per pupil would be a benchmark of its own, so
  // a sample answers (the real logins and a spread of minted ones).
  for (const pupil of [...real, ...pupils.filter((_, i) => i % 997 === 0)]) {
    const res = await pupil.call('GET', '/api/user-badges/summary');
    if (res.status !== 200) throw new Error(`pupil ${pupil.email}: summary ${res.status} ${res.text}`);
  }
  return { pupils, agents, seconds: (performance.now() - started) / 1000 };
}

function describeErrors(errors: Map<number, number>): string {
  if (errors.size === 0) return '0';
  return [...errors].map(([status, n]) => `${n}×${status === 0 ? 'network/timeout' : status}`).join(' ');
}

/**
 * Where a stall comes from (issue 24): over one phase, each deployable's event-loop delay (prom-client's
 * `nodejs_eventloop_lag_*`, whose histogram every scrape resets: one scrape at the start, one at the end), the
 * longest GC pauses (`nodejs_gc_duration_seconds`), what this database's backends waited on (pg_stat_activity
 * sampled every 100 ms), the checkpoints Postgres made meanwhile (and why: `immediate` ones are another
 * database's CREATE/DROP), Redis' slowest command latencies and whether RabbitMQ put a connection into flow.
 */
class StallEvidence {
  private readonly waits = new Map<string, number>();
  private samples = 0;
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  private checkpointsBefore = { timed: 0, requested: 0, writeMs: 0, syncMs: 0 };
  private gcBefore = new Map<string, number>();
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
    this.checkpointsBefore = await this.checkpoints();
    this.waits.clear();
    this.samples = 0;
    this.flowSeen.clear();
    this.running = true;
    this.loop = (async () => {
      let tick = 0;
      while (this.running) {
        await this.pool
          .query<{ wait: string; n: number }>(
            `SELECT coalesce(wait_event_type || ':' || wait_event, 'on CPU') AS wait, count(*)::int AS n
               FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()
              GROUP BY 1`,
            [this.database],
          )
          .then(({ rows }) => {
            this.samples++;
            for (const r of rows) this.waits.set(r.wait, (this.waits.get(r.wait) ?? 0) + r.n);
          })
          .catch(() => {});
        // RabbitMQ's flow control, every 2 s (rabbitmqctl is slow to start).
        if (tick++ % 20 === 0) {
          const listed = spawnSync('rabbitmqctl', ['-q', 'list_connections', 'name', 'state'], {
            encoding: 'utf8',
            timeout: 5_000,
          });
          for (const line of (listed.stdout ?? '').split('\n'))
            if (/\tflow$/.test(line) || /\tblocked/.test(line)) this.flowSeen.add(line.trim());
        }
        await sleep(100);
      }
    })();
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

/** Per-endpoint latencies and outcomes of the open-loop phases. */
class Recorder {
  private readonly samples = new Map<string, { latencies: number[]; errors: Map<number, number> }>();
  private readonly started = performance.now();
  private ended: number | null = null;
  /** Calls slower than 1 s, by 10 s of the phase: shows whether a tail is a stall at one moment or steady. */
  private readonly slow: number[] = [];
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

  record(endpoint: string, elapsed: number, status: number, ok: boolean): void {
    let s = this.samples.get(endpoint);
    if (!s) {
      s = { latencies: [], errors: new Map() };
      this.samples.set(endpoint, s);
    }
    s.latencies.push(elapsed);
    if (!ok) s.errors.set(status, (s.errors.get(status) ?? 0) + 1);
    if (elapsed > 1_000) {
      const bucket = Math.floor((performance.now() - this.started) / 10_000);
      this.slow[bucket] = (this.slow[bucket] ?? 0) + 1;
    }
  }

  print(): void {
    const seconds = ((this.ended ?? performance.now()) - this.started) / 1000;
    for (const [endpoint, s] of this.samples) {
      say(
        `${endpoint.padEnd(48)} ${(s.latencies.length / seconds).toFixed(1).padStart(7)} req/s  p50 ${ms(
          percentile(s.latencies, 50),
        ).padStart(9)}  p99 ${ms(percentile(s.latencies, 99)).padStart(9)}  n ${
          s.latencies.length
        }  errors ${describeErrors(s.errors)}`,
      );
    }
    const delay = (q: number) => ms(this.loopDelay.percentile(q) / 1e6);
    say(
      `load generator event-loop delay: p50 ${delay(50)}, p99 ${delay(99)}, max ${ms(this.loopDelay.max / 1e6)}`,
    );
    if (this.slow.length > 0) {
      const buckets = Array.from(this.slow, (n, i) => `${i * 10}-${i * 10 + 10} s: ${n ?? 0}`);
      say(`calls slower than 1 s, by when they ended: ${buckets.join(', ')}`);
    }
  }
}

/**
 * Result 201 → the change is committed in the statistics read model and in badge progress, watched straight in
 * Postgres (one query per schema for all waiting pupils every 10 ms), so watching adds no load to the services.
 * A failed look is retried at the next tick; stop() ends the loop before the pool may end.
 */
class LagWatcher {
  private readonly waiting: Array<{
    pupil: Pupil;
    questions: number;
    correct: number;
    at: number;
    stats?: number;
  }> = [];
  readonly statistics: number[] = [];
  readonly badges: number[] = [];
  readonly both: number[] = [];
  /** Results taken out of `waiting` for the look in progress: still pending until the look puts back the unseen. */
  private looking = 0;
  private running = true;
  private readonly loop: Promise<void>;
  lastError: unknown = null;

  constructor(private readonly pool: ReturnType<typeof createPool>) {
    this.loop = this.run();
  }

  expect(pupil: Pupil, at: number): void {
    this.waiting.push({ pupil, questions: pupil.expectedQuestions, correct: pupil.expectedCorrect, at });
  }

  get pending(): number {
    return this.waiting.length + this.looking;
  }

  /** What the read models showed for the first few results never seen, for a reader to judge. */
  async unseen(): Promise<string> {
    if (this.waiting.length === 0) return '0';
    const sample = this.waiting.slice(0, 3);
    const ids = sample.map((w) => w.pupil.userId);
    const { rows } = await this.pool.query<{ user_id: number; questions: number; progress: number }>(
      `SELECT u.id AS user_id, coalesce(t.questions, 0)::int AS questions,
              coalesce((SELECT sum(progress) FROM badges.user_badges b WHERE b.user_id = u.id), 0)::int AS progress
         FROM auth.users u LEFT JOIN results.user_totals t ON t.user_id = u.id WHERE u.id = ANY($1)`,
      [ids],
    );
    const seen = new Map(rows.map((r) => [r.user_id, r]));
    return `${this.waiting.length}, e.g. ${sample
      .map((w) => {
        const r = seen.get(w.pupil.userId);
        return `user ${w.pupil.userId}: questions ${r?.questions}/${w.questions}, badge progress ${r?.progress}/${7 * w.correct}`;
      })
      .join('; ')}`;
  }

  /** Looks once at the given waiting results; returns those still not applied by both workers. */
  private async look(batch: typeof this.waiting): Promise<typeof this.waiting> {
    const ids = [...new Set(batch.map((w) => w.pupil.userId))];
    const [stats, badges] = await Promise.all([
      this.pool.query<{ user_id: number; questions: number }>(
        'SELECT user_id, questions FROM results.user_totals WHERE user_id = ANY($1)',
        [ids],
      ),
      this.pool.query<{ user_id: number; progress: number }>(
        'SELECT user_id, sum(progress)::int AS progress FROM badges.user_badges WHERE user_id = ANY($1) GROUP BY user_id',
        [ids],
      ),
    ]);
    const now = performance.now();
    const questions = new Map(stats.rows.map((r) => [r.user_id, r.questions]));
    const progress = new Map(badges.rows.map((r) => [r.user_id, r.progress]));
    const still: typeof this.waiting = [];
    for (const w of batch) {
      if (w.stats === undefined && (questions.get(w.pupil.userId) ?? 0) >= w.questions) {
        w.stats = Math.max(0, now - w.at);
        this.statistics.push(w.stats);
      }
      // Every correct answer adds to the 7 badges of the pupil's type and difficulty.
      if ((progress.get(w.pupil.userId) ?? 0) >= 7 * w.correct && w.stats !== undefined) {
        const lag = Math.max(0, now - w.at);
        this.badges.push(lag);
        this.both.push(Math.max(lag, w.stats));
      } else still.push(w);
    }
    return still;
  }

  private async run(): Promise<void> {
    while (this.running) {
      if (this.waiting.length > 0) {
        // Results arriving during the look queue behind the batch.
        const batch = this.waiting.splice(0);
        this.looking = batch.length;
        try {
          this.waiting.unshift(...(await this.look(batch)));
        } catch (err) {
          this.lastError = err;
          this.waiting.unshift(...batch);
        } finally {
          this.looking = 0;
        }
      }
      await sleep(10);
    }
  }

  async drain(timeoutMs = 30_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    // Not `waiting.length`: during a look the batch is out of `waiting`, and drain would end with it unseen.
    while (this.pending > 0 && performance.now() < deadline) await sleep(20);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  line(name: string, values: number[]): string {
    return `${name.padEnd(48)} p50 ${ms(percentile(values, 50)).padStart(9)}  p99 ${ms(
      percentile(values, 99),
    ).padStart(
      9,
    )}  max ${ms(values.length ? Math.max(...values) : Number.NaN).padStart(9)}  n ${values.length}`;
  }
}

/** A 201 means the result committed: only then does it count towards what the read models must show. */
function stored(pupil: Pupil, body: ReturnType<typeof resultFor>): void {
  pupil.expectedQuestions += body.questionsCount;
  pupil.expectedCorrect += body.correctAnswers;
}

/** Waits until every recorded result was published and applied by both workers; returns the seconds it took. */
async function settle(pool: ReturnType<typeof createPool>, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    const { rows } = await pool.query<{ events: number; statistics: number; badges: number }>(
      `SELECT (SELECT count(*) FROM results.outbox)::int AS events,
              (SELECT count(*) FROM results.processed_events)::int AS statistics,
              (SELECT count(*) FROM badges.processed_events)::int AS badges`,
    );
    const r = rows[0]!;
    if (r.statistics >= r.events && r.badges >= r.events) return (performance.now() - started) / 1000;
    await sleep(100);
  }
  say(`warning: workers had not caught up after ${timeoutMs / 1000} s`);
  return Number.NaN;
}

function resultFor(pupil: Pupil, seed: number) {
  const correct = 1 + (seed % 10);
  return honestResult({
    gameType: pupil.gameType,
    difficulty: 'orta',
    questionsCount: 10,
    correct,
    totalTime: 40,
    seed,
  });
}

// ---------------------------------------------------------------------------------------------------------------

const failures: string[] = [];

/** Runs one phase; its error is printed (with the stack) and remembered, and the next phase still runs. */
async function phase(key: string, name: string, run: () => Promise<void>): Promise<void> {
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

async function main(): Promise<void> {
  const largest = Math.max(...(PHASES.has('classroom') ? CLASSROOMS : [0]), 50);
  say(
    `benchmark: phases ${[...PHASES].join(',')}; classrooms ${CLASSROOMS.join(', ')} pupils × ${SECONDS} s; lag at ${LAG_RATES.join(
      ', ',
    )} results/s (${machineLoad()})`,
  );
  say('building (tsc -b) so every deployable runs its current dist …');
  spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b'], { cwd: ROOT, stdio: 'inherit' });

  // Pupils sit behind one address per class; the per-address limits are lifted so the benchmark measures the
  // services, not the limiter (a district sits behind a few NATs).
  const stack = await startStack({
    run: 'built',
    env: {
      NODE_ENV: 'test',
      RATE_LIMIT_API_PER_MINUTE: '100000000',
      RATE_LIMIT_AUTH_PER_15_MINUTES: '1000000',
      RESULT_BUDGET_PER_MINUTE: '1000000',
      RESULT_BUDGET_PER_HOUR: '1000000',
      LOG_LEVEL: 'warn',
    },
    // BENCH_CPU_PROF=<dir>: every deployable writes a V8 CPU profile there when the stack stops.
    ...(process.env.BENCH_CPU_PROF
      ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] }
      : {}),
  });
  const pool = createPool(stack.env.DATABASE_URL!, { max: 4 });
  const redis = new Redis(stack.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: false });
  const watchers: LagWatcher[] = [];
  const newWatcher = () => {
    const w = new LagWatcher(pool);
    watchers.push(w);
    return w;
  };
  let agents: http.Agent[] = [];
  const database = new URL(stack.env.DATABASE_URL!).pathname.slice(1);
  const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1] ?? 0);
  const cpu = new CpuMeter(async () => {
    const { rows } = await pool.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return {
      ...Object.fromEntries(Object.entries(stack.pids()).map(([name, pid]) => [name, [pid]])),
      'postgres (this database)': rows.map((r) => r.pid),
      rabbitmq: pidsNamed('beam.smp'),
      redis: redisPid ? [redisPid] : [],
    };
  });

  try {
    let pupils: Pupil[] = [];
    await phase('setup', `setup: ${largest} pupils`, async () => {
      const created = await createPupils(stack, pool, redis, largest);
      pupils = created.pupils;
      agents = created.agents;
      say(
        `${largest} pupils inserted, ${Math.min(REAL_LOGINS, largest)} logged in for real, the rest given sessions: ${created.seconds.toFixed(
          1,
        )} s`,
      );
    });
    if (pupils.length === 0) throw new Error('no pupils: nothing else can run');

    await phase('summary', 'summary: closed loop, 10 connections, 5 s each', async () => {
      const tab = { cookie: pupils[0]!.cookie };
      const summaryUrl = `${stack.baseUrl}/api/user-badges/summary`;
      const first = await pupils[0]!.call('GET', '/api/user-badges/summary');
      const etag = first.etag ?? '';
      // The comparison point, measured right before and after: only figures taken side by side compare.
      const hello = await startHello();
      try {
        const baselineBefore = await load({ url: hello.url });
        const summary200 = await load({ url: summaryUrl, headers: tab });
        const summary304 = await load({ url: summaryUrl, headers: { ...tab, 'if-none-match': etag } });
        const baselineAfter = await load({ url: hello.url });
        say(loadLine('bare Express hello-world (before)', baselineBefore));
        say(loadLine('bare Express hello-world (after)', baselineAfter));
        say(loadLine('summary via gateway (200)', summary200));
        say(loadLine('summary via gateway (If-None-Match → 304)', summary304, [304]));
        const share = (r: LoadResult, b: LoadResult) =>
          `${((r.requests.average / b.requests.average) * 100).toFixed(0)} %`;
        say(
          `summary poll vs bare Express: ${share(summary200, baselineAfter)}–${share(summary200, baselineBefore)} (200), ${share(
            summary304,
            baselineAfter,
          )}–${share(summary304, baselineBefore)} (304); target ≥ 40 %`,
        );
      } finally {
        hello.child.kill('SIGTERM');
      }
      // Issue 24: the poll against a bare node:http server at 50 connections, side by side in one run, for one tab
      // and for every pupil's cookie in turn (each answered from the gateway's memory once seen).
      const bare = await startHello('hello-node.ts');
      try {
        let next = 0;
        const rotate = (request: { headers: Record<string, string> }) => ({
          ...request,
          headers: {
            ...request.headers,
            cookie: pupils[next++ % pupils.length]!.cookie,
            'if-none-match': etag,
          },
        });
        const fifty = { connections: 50 };
        // CPU per request (utime + stime of the serving process over the run): repeatable under load, where
        // requests per second are not.
        const cpuOf = (pid: number | undefined) => (pid ? (cpuSeconds(pid) ?? 0) : 0);
        const bareCpu = cpuOf(bare.child.pid);
        const nodeBefore = await load({ url: bare.url, ...fifty });
        const bareMs = ((cpuOf(bare.child.pid) - bareCpu) * 1000) / nodeBefore.requests.total;
        const gatewayPid = stack.pids().gateway;
        const gatewayCpu = cpuOf(gatewayPid);
        await cpu.start();
        const oneTab = await load({ url: summaryUrl, headers: { ...tab, 'if-none-match': etag }, ...fifty });
        const oneTabCpu = await cpu.line();
        const pollMs = ((cpuOf(gatewayPid) - gatewayCpu) * 1000) / oneTab.requests.total;
        // One unmeasured pass over every pupil first, so each one's counts are in the badges cache and its
        // session and counts in the gateway's memory (a tab that has polled once).
        await load({ url: summaryUrl, setupRequest: rotate, ...fifty, amount: pupils.length });
        const manyTabs = await load({ url: summaryUrl, setupRequest: rotate, ...fifty });
        const nodeAfter = await load({ url: bare.url, ...fifty });
        say(loadLine('bare node:http hello-world, 50 conn (before)', nodeBefore));
        say(loadLine('bare node:http hello-world, 50 conn (after)', nodeAfter));
        say(loadLine('summary poll via gateway, one tab, 50 conn (304)', oneTab, [304]));
        say(`   ${oneTabCpu}`);
        say(
          `   CPU per request: bare node:http ${bareMs.toFixed(3)} ms, the poll in the gateway ${pollMs.toFixed(3)} ms (${(
            bareMs / pollMs
          ).toFixed(2)}× node:http's throughput per core)`,
        );
        say(loadLine(`summary poll via gateway, ${pupils.length} tabs in turn, 50 conn`, manyTabs, [304]));
        const ratio = (r: LoadResult) =>
          `${(r.requests.average / nodeBefore.requests.average).toFixed(2)}×–${(
            r.requests.average / nodeAfter.requests.average
          ).toFixed(2)}×`;
        say(
          `summary poll vs bare node:http (50 conn): ${ratio(oneTab)} (one tab), ${ratio(manyTabs)} (${pupils.length} tabs); goal ≥ 0.5×`,
        );
      } finally {
        bare.child.kill('SIGTERM');
      }
      const identity = signIdentity(
        { userId: pupils[0]!.userId, sessionId: 'bench', lang: 'tr', requestId: 'bench', ip: '127.0.0.1' },
        stack.env.INTERNAL_SECRET!,
        { method: 'GET', path: '/api/user-badges/summary' },
      );
      const badgesUrl = stack.env.BADGES_URL!;
      say(loadLine('   gateway /healthz', await load({ url: `${stack.baseUrl}/healthz` })));
      say(loadLine('   badges service /healthz', await load({ url: `${badgesUrl}/healthz` })));
      say(
        loadLine(
          '   badges service summary (signed identity)',
          await load({
            url: `${badgesUrl}/api/user-badges/summary`,
            headers: { [IDENTITY_HEADER]: identity },
          }),
        ),
      );
      say(`(${machineLoad()})`);
    });

    await phase(
      'history',
      'history: long vs short (via gateway, closed loop, 10 connections, 5 s)',
      async () => {
        const [heavy, light] = [pupils[pupils.length - 1]!, pupils[pupils.length - 2]!];
        await seedResults(pool, heavy.userId, 100_000, stack.env.TIME_ZONE ?? 'Europe/Istanbul');
        await seedResults(pool, light.userId, 10, stack.env.TIME_ZONE ?? 'Europe/Istanbul');
        // Alternated (long, short, long, short) so a change in the machine's load hits both alike.
        for (let round = 1; round <= 2; round++) {
          for (const [label, path] of [
            ['GET /api/statistics', '/api/statistics'],
            ['GET /api/user-badges/summary', '/api/user-badges/summary'],
          ] as const) {
            const url = `${stack.baseUrl}${path}`;
            say(
              loadLine(
                `${label}, 100,000 results (${round})`,
                await load({ url, headers: { cookie: heavy.cookie } }),
              ),
            );
            say(
              loadLine(
                `${label}, 10 results (${round})`,
                await load({ url, headers: { cookie: light.cookie } }),
              ),
            );
          }
        }
        say(`(${machineLoad()})`);
      },
    );

    await phase('capacity', 'capacity: results posted back to back (closed loop, 5 s)', async () => {
      await settle(pool);
      // 3 s unmeasured first: the processes' hot paths are still interpreted (JIT) in the first seconds of load,
      // which made the first measured run of a fresh stack read slower than the same run a minute later.
      const warmer = pupils[CAPACITY_CONNECTIONS.length]!;
      await load({
        url: `${stack.baseUrl}/api/game-results`,
        method: 'POST',
        body: JSON.stringify(resultFor(warmer, 1)),
        connections: 10,
        duration: 3,
        headers: { cookie: warmer.cookie, 'content-type': 'application/json' },
      });
      await settle(pool);
      // One poster per connection count, each posting the same honest result (every post is stored).
      for (const [n, connections] of CAPACITY_CONNECTIONS.entries()) {
        const poster = pupils[n]!;
        const posterIdentity = signIdentity(
          { userId: poster.userId, sessionId: 'bench', lang: 'tr', requestId: 'bench', ip: '127.0.0.1' },
          stack.env.INTERNAL_SECRET!,
          { method: 'POST', path: '/api/game-results' },
        );
        const body = JSON.stringify(resultFor(poster, 1));
        await cpu.start();
        const viaGateway = await load({
          url: `${stack.baseUrl}/api/game-results`,
          method: 'POST',
          body,
          connections,
          headers: { cookie: poster.cookie, 'content-type': 'application/json' },
        });
        const cpuLine = await cpu.line();
        const catchUp = await settle(pool);
        const direct = await load({
          url: `${stack.env.GAME_RESULTS_URL!}/api/game-results`,
          method: 'POST',
          body,
          connections,
          headers: { [IDENTITY_HEADER]: posterIdentity, 'content-type': 'application/json' },
        });
        await settle(pool);
        say(loadLine(`POST /api/game-results via gateway, ${connections} conn`, viaGateway));
        say(`   ${cpuLine}`);
        say(`   both workers caught up ${catchUp.toFixed(1)} s after the 5 s run`);
        say(loadLine(`POST /api/game-results to the service, ${connections} conn`, direct));
      }
      say(`(${machineLoad()})`);
    });

    await phase('lag', 'lag: event lag at fixed arrival rates (open loop)', async () => {
      for (const rate of LAG_RATES) {
        await settle(pool);
        const lag = newWatcher();
        const recorder = new Recorder();
        const posts: Promise<void>[] = [];
        const total = Math.round(rate * LAG_SECONDS);
        await cpu.start();
        const started = performance.now();
        for (let n = 0; n < total; n++) {
          const wait = started + (n * 1000) / rate - performance.now();
          if (wait > 0) await sleep(wait);
          const pupil = pupils[n % pupils.length]!;
          const body = resultFor(pupil, n);
          posts.push(
            pupil.call('POST', '/api/game-results', body).then((res) => {
              recorder.record(
                `POST /api/game-results (${rate}/s)`,
                res.elapsed,
                res.status,
                res.status === 201,
              );
              if (res.status === 201) {
                stored(pupil, body);
                lag.expect(pupil, performance.now());
              }
            }),
          );
        }
        await Promise.all(posts);
        recorder.stop();
        const achieved = total / ((performance.now() - started) / 1000);
        const cpuLine = await cpu.line();
        await lag.drain();
        await lag.stop();
        say(`-- ${rate} results/s for ${LAG_SECONDS} s (achieved ${achieved.toFixed(1)}/s) --`);
        recorder.print();
        say(lag.line('201 → statistics read model', lag.statistics));
        say(lag.line('201 → badge progress', lag.badges));
        say(lag.line('201 → both', lag.both));
        say(
          `results never seen within 30 s: ${await lag.unseen()}${lag.lastError ? ` (last watch error: ${lag.lastError})` : ''}`,
        );
        say(`   ${cpuLine}`);
        say(`(${machineLoad()})`);
      }
    });

    for (const size of CLASSROOMS) {
      await phase('classroom', `classroom: ${size} pupils, ${SECONDS} s`, async () => {
        await settle(pool);
        const tabs = pupils.slice(0, size);
        const recorder = new Recorder();
        const lag = newWatcher();
        const evidence = new StallEvidence(stack.urls, pool, database);
        await evidence.start();
        await cpu.start();
        const end = performance.now() + SECONDS * 1000;
        await Promise.all(
          tabs.map(async (pupil, i) => {
            const poll = async () => {
              await sleep(Math.random() * POLL_MS);
              while (performance.now() < end) {
                const res = await pupil.call(
                  'GET',
                  '/api/user-badges/summary',
                  undefined,
                  pupil.etag ? { 'if-none-match': pupil.etag } : {},
                );
                recorder.record(
                  'GET /api/user-badges/summary (poll)',
                  res.elapsed,
                  res.status,
                  res.status === 200 || res.status === 304,
                );
                pupil.etag = res.etag ?? pupil.etag;
                await sleep(Math.max(0, Math.min(POLL_MS, end - performance.now())));
              }
            };
            const play = async () => {
              await sleep(Math.random() * Math.min(POST_EVERY_MS, SECONDS * 1000));
              let game = 0;
              while (performance.now() < end) {
                const body = resultFor(pupil, 10_000 + i * 1000 + game++);
                const res = await pupil.call('POST', '/api/game-results', body);
                recorder.record('POST /api/game-results', res.elapsed, res.status, res.status === 201);
                if (res.status === 201) {
                  stored(pupil, body);
                  lag.expect(pupil, performance.now());
                }
                const stats = await pupil.call('GET', '/api/statistics');
                recorder.record('GET /api/statistics', stats.elapsed, stats.status, stats.status === 200);
                const badges = await pupil.call('GET', '/api/user-badges?limit=1000');
                recorder.record(
                  'GET /api/user-badges?limit=1000',
                  badges.elapsed,
                  badges.status,
                  badges.status === 200,
                );
                const pause = POST_EVERY_MS * (0.8 + Math.random() * 0.4);
                if (performance.now() + pause >= end) break;
                await sleep(pause);
              }
            };
            await Promise.all([poll(), play()]);
          }),
        );
        recorder.stop();
        const cpuLine = await cpu.line();
        const evidenceLines = await evidence.lines(redis);
        say(`ran (${machineLoad()})`);
        await lag.drain();
        await lag.stop();
        recorder.print();
        say(lag.line('201 → statistics and badges', lag.both));
        say(
          `results never seen within 30 s: ${await lag.unseen()}${lag.lastError ? ` (last watch error: ${lag.lastError})` : ''}`,
        );
        say(`   ${cpuLine}`);
        for (const line of evidenceLines) say(`   ${line}`);
      });
    }
  } finally {
    // Watchers first: nothing may query the pool after it ends.
    await Promise.allSettled(watchers.map((w) => w.stop()));
    for (const agent of agents) agent.destroy();
    await pool.end().catch((err: unknown) => say(`cleanup: pool: ${err}`));
    redis.disconnect();
    await stack.stop().catch((err: unknown) => say(`cleanup: stack: ${err}`));
  }
}

try {
  await main();
} catch (err) {
  failures.push('setup');
  say(`FAILED: ${(err as Error)?.stack ?? String(err)}`);
}
if (failures.length > 0) {
  say(`\nfailed phases: ${failures.join('; ')}`);
  process.exitCode = 1;
}
