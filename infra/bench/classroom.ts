/**
 * `npm run bench` / `make bench`: a classroom against the full local stack (every deployable as its own process,
 * fresh database, Redis prefix and vhost), printing figures, never asserting them.
 *
 *  1. a bare Express hello-world on this machine (autocannon, 10 connections, 5 s): the comparison point;
 *  2. the badge summary poll through the gateway, first fetch (200) and revalidation (304), same load;
 *  3. statistics and summary for a pupil with 100,000 stored results and one with 10;
 *  4. event lag (result 201 → committed in the statistics read model and in badge progress) at 50 results/s;
 *  5. the classroom: N pupils each polling the summary every 3 s, posting a 10-question result about every
 *     60 s, then reading statistics and badges.
 *
 * Knobs: BENCH_PUPILS (30), BENCH_SECONDS (60), BENCH_LAG_RESULTS (500), BENCH_LAG_RATE (50 results/s).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { GAME_TYPES } from '@mathgames/contracts';
import { createPool, IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import { startStack } from '../../frontend/e2e/harness/index.js';
import { honestResult } from '../../services/game-results/src/test-support/fixtures.js';
import { seedResults } from '../../services/game-results/src/test-support/seed.js';
import { type LoadResult, load } from './load.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PUPILS = Number(process.env.BENCH_PUPILS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const LAG_RESULTS = Number(process.env.BENCH_LAG_RESULTS ?? 500);
const LAG_RATE = Number(process.env.BENCH_LAG_RATE ?? 50);
const POLL_MS = 3_000;
const POST_EVERY_MS = 60_000;

/**
 * Pupils' devices: distinct loopback addresses (all of 127/8 is local on Linux), as pupils at home would be.
 * Auth allows 30 registrations per address per 15 minutes, so a classroom behind one address could not sign up.
 */
const deviceAddress = (i: number) => `127.0.${1 + (i >> 7)}.${1 + (i & 127)}`;

const say = (text: string) => process.stdout.write(`${text}\n`);
/** The machine is shared: every figure is printed with the 1-minute load average it was taken under. */
const machineLoad = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (n: number) => `${n.toFixed(1)} ms`;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Errors of a closed-loop run; `okStatuses` beyond 2xx (e.g. 304) count as answers, not errors. */
function loadErrors(r: LoadResult, okStatuses: number[] = []): number {
  const okNon2xx = okStatuses.reduce((n, s) => n + (r.statusCodeStats[String(s)]?.count ?? 0), 0);
  return r.errors + r.timeouts + (r.non2xx - okNon2xx);
}

function loadLine(name: string, r: LoadResult, okStatuses: number[] = []): string {
  return `${name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${ms(r.latency.p50).padStart(9)}  p99 ${ms(
    r.latency.p99,
  ).padStart(9)}  errors ${loadErrors(r, okStatuses)}`;
}

async function startHelloExpress(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/bench/hello-express.ts'], {
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

/** One pupil's browser: the gateway session cookie and the summary's last ETag. */
class Pupil {
  cookie = '';
  etag = '';
  userId = 0;
  expectedQuestions = 0;
  expectedCorrect = 0;

  constructor(
    readonly baseUrl: string,
    readonly name: string,
    readonly gameType: string,
    localAddress: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, localAddress });
  }

  close(): void {
    this.agent.destroy();
  }

  /** Each pupil's own connection from its own loopback address, like a device of its own. */
  private readonly agent: http.Agent;

  async call(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
    const started = performance.now();
    const body = json === undefined ? undefined : JSON.stringify(json);
    const url = new URL(path, this.baseUrl);
    const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: `${url.pathname}${url.search}`,
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
            incoming.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );
    const elapsed = performance.now() - started;
    const setCookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('mg.sid='));
    if (setCookie) this.cookie = setCookie.split(';', 1)[0]!;
    const etag = res.headers.etag;
    return { status: res.status, etag: typeof etag === 'string' ? etag : null, text: res.text, elapsed };
  }

  async signUp(): Promise<void> {
    const user = { username: this.name, email: `${this.name}@bench.local`, password: 'correct horse' };
    const registered = await this.call('POST', '/api/auth/register', user);
    if (registered.status !== 201)
      throw new Error(`register ${this.name}: ${registered.status} ${registered.text}`);
    const login = await this.call('POST', '/api/auth/login', { email: user.email, password: user.password });
    if (login.status !== 200) throw new Error(`login ${this.name}: ${login.status} ${login.text}`);
    this.userId = (JSON.parse(login.text) as { id: number }).id;
  }
}

function describeErrors(errors: Map<number, number>): string {
  if (errors.size === 0) return '0';
  return [...errors].map(([status, n]) => `${n}×${status === 0 ? 'network' : status}`).join(' ');
}

/** Per-endpoint latencies and outcomes of the open-loop phases. */
class Recorder {
  private readonly samples = new Map<string, { latencies: number[]; errors: Map<number, number> }>();
  private readonly started = performance.now();
  private ended: number | null = null;

  /** Ends the measuring window (rates are per second of the phase, not of the whole run). */
  stop(): void {
    this.ended ??= performance.now();
  }

  record(endpoint: string, elapsed: number, status: number, ok: boolean): void {
    let s = this.samples.get(endpoint);
    if (!s) {
      s = { latencies: [], errors: new Map() };
      this.samples.set(endpoint, s);
    }
    s.latencies.push(elapsed);
    if (!ok) s.errors.set(status, (s.errors.get(status) ?? 0) + 1);
  }

  print(): void {
    const seconds = ((this.ended ?? performance.now()) - this.started) / 1000;
    for (const [endpoint, s] of this.samples) {
      say(
        `${endpoint.padEnd(44)} ${(s.latencies.length / seconds).toFixed(1).padStart(6)} req/s  p50 ${ms(
          percentile(s.latencies, 50),
        ).padStart(
          9,
        )}  p99 ${ms(percentile(s.latencies, 99)).padStart(9)}  n ${s.latencies.length}  errors ${describeErrors(s.errors)}`,
      );
    }
  }
}

/**
 * Result 201 → the change is committed in the statistics read model and in badge progress, watched straight in
 * Postgres every 5 ms (one query per schema for all waiting pupils), so watching adds no load to the services.
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
  private running = true;
  private readonly loop: Promise<void>;

  constructor(private readonly pool: ReturnType<typeof createPool>) {
    this.loop = this.run();
  }

  expect(pupil: Pupil, at: number): void {
    this.waiting.push({ pupil, questions: pupil.expectedQuestions, correct: pupil.expectedCorrect, at });
  }

  get pending(): number {
    return this.waiting.length;
  }

  private async run(): Promise<void> {
    while (this.running) {
      if (this.waiting.length > 0) {
        const ids = [...new Set(this.waiting.map((w) => w.pupil.userId))];
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
        for (let i = this.waiting.length - 1; i >= 0; i--) {
          const w = this.waiting[i]!;
          if (w.stats === undefined && (questions.get(w.pupil.userId) ?? 0) >= w.questions) {
            w.stats = Math.max(0, now - w.at);
            this.statistics.push(w.stats);
          }
          // Every correct answer adds to the 7 badges of the pupil's type and difficulty.
          if ((progress.get(w.pupil.userId) ?? 0) >= 7 * w.correct && w.stats !== undefined) {
            const lag = Math.max(0, now - w.at);
            this.badges.push(lag);
            this.both.push(Math.max(lag, w.stats));
            this.waiting.splice(i, 1);
          }
        }
      }
      await sleep(5);
    }
  }

  async drain(timeoutMs = 30_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (this.waiting.length > 0 && performance.now() < deadline) await sleep(20);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  line(name: string, values: number[]): string {
    return `${name.padEnd(44)} p50 ${ms(percentile(values, 50)).padStart(9)}  p99 ${ms(
      percentile(values, 99),
    ).padStart(9)}  max ${ms(Math.max(...values)).padStart(9)}  n ${values.length}`;
  }
}

/** A 201 means the result committed: only then does it count towards what the read models must show. */
function stored(pupil: Pupil, body: ReturnType<typeof resultFor>): void {
  pupil.expectedQuestions += body.questionsCount;
  pupil.expectedCorrect += body.correctAnswers;
}

/** Waits until every recorded result was published and applied by both workers. */
async function settle(pool: ReturnType<typeof createPool>, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const { rows } = await pool.query<{ events: number; statistics: number; badges: number }>(
      `SELECT (SELECT count(*) FROM results.outbox)::int AS events,
              (SELECT count(*) FROM results.processed_events)::int AS statistics,
              (SELECT count(*) FROM badges.processed_events)::int AS badges`,
    );
    const r = rows[0]!;
    if (r.statistics >= r.events && r.badges >= r.events) return;
    await sleep(100);
  }
  say('warning: workers had not caught up after 2 minutes');
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

async function main(): Promise<void> {
  say(`classroom benchmark: ${PUPILS} pupils, ${SECONDS} s scenario, lag at ${LAG_RATE} results/s`);
  say('building (tsc -b) so every deployable runs its current dist …');
  spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b'], { cwd: ROOT, stdio: 'inherit' });

  // All pupils sit behind one address here, like a classroom behind one NAT; the per-IP limits would otherwise
  // throttle the benchmark's own load generator.
  const stack = await startStack({
    smtp: false,
    env: {
      RATE_LIMIT_API_PER_MINUTE: '100000000',
      RATE_LIMIT_AUTH_PER_15_MINUTES: '1000000',
      RESULT_BUDGET_PER_MINUTE: '1000000',
      RESULT_BUDGET_PER_HOUR: '1000000',
      LOG_LEVEL: 'warn',
    },
  });
  const pool = createPool(stack.env.DATABASE_URL!, { max: 4 });
  const pupils: Pupil[] = [];
  const others: Pupil[] = [];
  try {
    for (let i = 0; i < PUPILS; i++) {
      const pupil = new Pupil(
        stack.baseUrl,
        `pupil${i}`,
        GAME_TYPES[i % GAME_TYPES.length]!,
        deviceAddress(i),
      );
      await pupil.signUp();
      pupils.push(pupil);
    }
    const heavy = new Pupil(stack.baseUrl, 'heavy', 'toplama', deviceAddress(PUPILS));
    const light = new Pupil(stack.baseUrl, 'light', 'toplama', deviceAddress(PUPILS + 1));
    await heavy.signUp();
    await light.signUp();
    others.push(heavy, light);
    await seedResults(pool, heavy.userId, 100_000, stack.env.TIME_ZONE ?? 'Europe/Istanbul');
    await seedResults(pool, light.userId, 10, stack.env.TIME_ZONE ?? 'Europe/Istanbul');

    // 2. The summary poll through the gateway, as one tab sends it (a fixed request, like the hello-world's:
    // rotating cookies per request would spend the load generator's CPU on this shared machine).
    const tab = { cookie: pupils[0]!.cookie };
    const summaryUrl = `${stack.baseUrl}/api/user-badges/summary`;
    const first = await pupils[0]!.call('GET', '/api/user-badges/summary');
    const etag = first.etag ?? '';
    // 1. The comparison point, measured right before and after the summary runs: this machine is shared, so
    // only figures taken side by side compare.
    const hello = await startHelloExpress();
    const baselineBefore = await load({ url: hello.url });
    const summary200 = await load({ url: summaryUrl, headers: tab });
    const summary304 = await load({ url: summaryUrl, headers: { ...tab, 'if-none-match': etag } });
    const baselineAfter = await load({ url: hello.url });
    hello.child.kill('SIGTERM');

    // Where the summary's time goes: each hop alone, same load.
    const identity = signIdentity(
      { userId: pupils[0]!.userId, sessionId: 'bench', lang: 'tr', requestId: 'bench', ip: '127.0.0.1' },
      stack.env.INTERNAL_SECRET!,
      { method: 'GET', path: '/api/user-badges/summary' },
    );
    const badgesUrl = stack.env.BADGES_URL!;
    const gatewayHealth = await load({ url: `${stack.baseUrl}/healthz` });
    const badgesHealth = await load({ url: `${badgesUrl}/healthz` });
    const badgesDirect = await load({
      url: `${badgesUrl}/api/user-badges/summary`,
      headers: { [IDENTITY_HEADER]: identity },
    });

    // 3. Long and short history, same load, same endpoints.
    const as = (p: Pupil) => ({ headers: { cookie: p.cookie } });
    // Alternated (long, short, long, short) so a change in the machine's load hits both alike.
    const history: Array<[string, LoadResult]> = [];
    for (let round = 1; round <= 2; round++) {
      for (const [label, url] of [
        ['GET /api/statistics', `${stack.baseUrl}/api/statistics`],
        ['GET /api/user-badges/summary', summaryUrl],
      ] as const) {
        history.push([`${label}, 100,000 results (${round})`, await load({ url, ...as(heavy) })]);
        history.push([`${label}, 10 results (${round})`, await load({ url, ...as(light) })]);
      }
    }

    // Capacity for results: the same honest 10-question result posted back to back (each one is stored).
    const poster = new Pupil(stack.baseUrl, 'poster', 'toplama', deviceAddress(PUPILS + 2));
    await poster.signUp();
    others.push(poster);
    const posterIdentity = signIdentity(
      { userId: poster.userId, sessionId: 'bench', lang: 'tr', requestId: 'bench', ip: '127.0.0.1' },
      stack.env.INTERNAL_SECRET!,
      { method: 'POST', path: '/api/game-results' },
    );
    const resultBody = JSON.stringify(resultFor(poster, 1));
    const postViaGateway = await load({
      url: `${stack.baseUrl}/api/game-results`,
      method: 'POST',
      body: resultBody,
      headers: { cookie: poster.cookie, 'content-type': 'application/json' },
    });
    const postDirect = await load({
      url: `${stack.env.GAME_RESULTS_URL!}/api/game-results`,
      method: 'POST',
      body: resultBody,
      headers: { [IDENTITY_HEADER]: posterIdentity, 'content-type': 'application/json' },
    });

    say(`measured long vs short history (${machineLoad()})`);
    // The capacity runs left events behind: let both workers catch up so they do not inflate the lag figures.
    await settle(pool);

    // 4. Event lag at a fixed arrival rate (open loop: posts leave on schedule whatever the answers do).
    const lag = new LagWatcher(pool);
    const lagRecorder = new Recorder();
    const posts: Promise<void>[] = [];
    const lagStart = performance.now();
    for (let n = 0; n < LAG_RESULTS; n++) {
      const due = lagStart + (n * 1000) / LAG_RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const pupil = pupils[n % pupils.length]!;
      const body = resultFor(pupil, n);
      posts.push(
        pupil.call('POST', '/api/game-results', body).then((res) => {
          lagRecorder.record('POST /api/game-results (50/s)', res.elapsed, res.status, res.status === 201);
          if (res.status === 201) {
            stored(pupil, body);
            lag.expect(pupil, performance.now());
          }
        }),
      );
    }
    await Promise.all(posts);
    lagRecorder.stop();
    const achievedRate = LAG_RESULTS / ((performance.now() - lagStart) / 1000);
    await lag.drain();
    const lagStats = [...lag.statistics];
    const lagBadges = [...lag.badges];
    const lagBoth = [...lag.both];
    const lagUnseen = lag.pending;
    say(`measured event lag (${machineLoad()})`);

    // 5. The classroom.
    const recorder = new Recorder();
    const scenarioLag = new LagWatcher(pool);
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      pupils.map(async (pupil, i) => {
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
            await sleep(POLL_MS);
          }
        };
        const play = async () => {
          await sleep(Math.random() * POST_EVERY_MS);
          let game = 0;
          while (performance.now() < end) {
            const body = resultFor(pupil, 10_000 + i * 1000 + game++);
            const res = await pupil.call('POST', '/api/game-results', body);
            recorder.record('POST /api/game-results', res.elapsed, res.status, res.status === 201);
            if (res.status === 201) {
              stored(pupil, body);
              scenarioLag.expect(pupil, performance.now());
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
            await sleep(POST_EVERY_MS * (0.8 + Math.random() * 0.4));
          }
        };
        await Promise.all([poll(), play()]);
      }),
    );
    recorder.stop();
    say(`ran the classroom (${machineLoad()})`);
    await scenarioLag.drain();

    say('');
    say('== 1-2. closed loop, 10 connections, 5 s each ==');
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
      )}–${share(summary304, baselineBefore)} (304) of the two hello-world figures; target ≥ 40 %`,
    );
    say('   breakdown, each hop alone:');
    say(loadLine('   gateway /healthz', gatewayHealth));
    say(loadLine('   badges service /healthz', badgesHealth));
    say(loadLine('   badges service summary (signed identity)', badgesDirect));
    say('');
    say('== 3. long vs short history (via gateway) ==');
    for (const [label, result] of history) say(loadLine(label, result));
    say('');
    say('== results capacity (closed loop, 10 connections, 5 s) ==');
    say(loadLine('POST /api/game-results via gateway', postViaGateway));
    say(loadLine('POST /api/game-results to the service', postDirect));
    say('');
    say(
      `== 4. event lag at ${LAG_RATE} results/s (achieved ${achievedRate.toFixed(1)}/s, ${LAG_RESULTS} results) ==`,
    );
    lagRecorder.print();
    say(lag.line('201 → statistics read model', lagStats));
    say(lag.line('201 → badge progress', lagBadges));
    say(lag.line('201 → both (target p99 < 300 ms)', lagBoth));
    say(`results never seen within 30 s: ${lagUnseen}`);
    await lag.stop();
    say('');
    say(`== 5. classroom: ${PUPILS} pupils, ${SECONDS} s ==`);
    recorder.print();
    if (scenarioLag.both.length > 0) say(scenarioLag.line('201 → statistics and badges', scenarioLag.both));
    say(`results never seen within 30 s: ${scenarioLag.pending}`);
    await scenarioLag.stop();
  } finally {
    for (const pupil of [...pupils, ...others]) pupil.close();
    await pool.end();
    await stack.stop();
  }
}

await main();
