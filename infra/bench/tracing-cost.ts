/**
 * What tracing costs the two hottest paths, measured in one run:
 *
 *   git archive main | tar -x -C /tmp/before-tracing        # the code before tracing, beside this checkout
 *   node --conditions=source --import tsx infra/bench/tracing-cost.ts /tmp/before-tracing
 *
 * Four stacks (auth, game-results, badges, gateway as their own processes, each on its own database, Redis
 * prefix and vhost): the code before tracing, this code with tracing off (no endpoint: the default), the code
 * before tracing again (the spread between the two identical stacks is the noise), and this code with tracing on
 * (always_on, exporting to a local receiver that drops what it gets). Rounds alternate between
 * them so a busy machine slows each alike. Per round: the badge summary poll through the gateway (closed loop, 8
 * connections, POLL_SECONDS) and RESULTS posted results (5 at a time) until the relay has published them all.
 * Printed: requests/s and the CPU the stack's processes used per request (utime + stime from /proc, which counts
 * work done rather than time waited, so it holds up on a shared machine). Figures only, never asserted.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { honestResult } from '@mathgames/game-results/testing';
import { createTestEnvironment, type TestEnvironment } from '@mathgames/platform/testing';
import { type Stack, startStack } from '@mathgames/test-stack';
import { load } from './load.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OLD_ROOT = process.argv[2];
const ROUNDS = Number(process.env.TRACING_COST_ROUNDS ?? 3);
const POLL_SECONDS = Number(process.env.TRACING_COST_POLL_SECONDS ?? 4);
const RESULTS = Number(process.env.TRACING_COST_RESULTS ?? 100);
const ONLY = ['auth', 'game-results', 'badges', 'gateway'] as const;
const TICK_MS = 10; // USER_HZ = 100 on Linux

type StartStack = typeof startStack;

/**
 * The old checkout gets a node_modules of its own: this checkout's third-party packages, its own @mathgames
 * workspaces (Node follows symlinks to their real path, so this checkout's links would load the new code).
 */
async function oldStartStack(root: string): Promise<StartStack> {
  const modules = join(root, 'node_modules');
  if (!existsSync(modules)) {
    mkdirSync(join(modules, '@mathgames'), { recursive: true });
    for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
      if (entry !== '@mathgames') symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
    }
    const workspaces: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
    for (const dir of workspaces) {
      const { name } = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string };
      symlinkSync(join(root, dir), join(modules, name));
      const nested = join(ROOT, dir, 'node_modules');
      if (existsSync(nested) && !existsSync(join(root, dir, 'node_modules')))
        symlinkSync(nested, join(root, dir, 'node_modules'));
    }
  }
  const url = pathToFileURL(join(root, 'test-stack/src/index.ts')).href;
  return ((await import(url)) as { startStack: StartStack }).startStack;
}

function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
  }
  return ticks * TICK_MS;
}

async function dropReceiver(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

interface Variant {
  name: string;
  stack: Stack;
  environment: TestEnvironment;
  cookie: string;
  poll: { requests: number; cpuMs: number; seconds: number };
  results: { requests: number; cpuMs: number; seconds: number };
}

async function signIn(baseUrl: string): Promise<string> {
  const user = {
    username: `cost${Date.now()}`,
    email: `cost${Date.now()}@example.com`,
    password: 'correct horse',
  };
  const headers = { 'content-type': 'application/json' };
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify(user),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  return login.headers.getSetCookie()[0]!.split(';', 1)[0]!;
}

async function pollRound(v: Variant): Promise<void> {
  const pids = Object.values(v.stack.pids()) as number[];
  const before = cpuMs(pids);
  const result = await load({
    url: `${v.stack.baseUrl}/api/user-badges/summary`,
    connections: 8,
    duration: POLL_SECONDS,
    headers: { cookie: v.cookie },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${v.name}: poll answered ${result.non2xx} non-2xx`);
  v.poll.cpuMs += cpuMs(pids) - before;
  v.poll.requests += result.requests.total;
  v.poll.seconds += POLL_SECONDS;
}

async function resultRound(v: Variant): Promise<void> {
  const pids = Object.values(v.stack.pids()) as number[];
  const before = cpuMs(pids);
  const started = Date.now();
  let next = 0;
  const post = async () => {
    for (let i = next++; i < RESULTS; i = next++) {
      const res = await fetch(`${v.stack.baseUrl}/api/game-results`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: v.cookie },
        body: JSON.stringify(honestResult({ seed: i + 1 })),
      });
      if (res.status !== 201) throw new Error(`${v.name}: result answered ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 5 }, post));
  // The relay's publishes belong to the result path: wait until the outbox is empty.
  for (;;) {
    const { rows } = await v.environment.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM results.outbox WHERE published_at IS NULL',
    );
    if (Number(rows[0]!.n) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  v.results.seconds += (Date.now() - started) / 1000;
  v.results.cpuMs += cpuMs(pids) - before;
  v.results.requests += RESULTS;
}

async function main(): Promise<void> {
  if (!OLD_ROOT) throw new Error('usage: tracing-cost.ts <checkout of the code before tracing>');
  const receiver = await dropReceiver();
  const variants: Variant[] = [];
  const plans: Array<{ name: string; start: StartStack; env: Record<string, string> }> = [
    { name: 'before tracing', start: await oldStartStack(OLD_ROOT), env: {} },
    { name: 'tracing off', start: startStack, env: {} },
    // The same old code again: how far two identical stacks differ here is the noise of the comparison.
    { name: 'before tracing, again', start: await oldStartStack(OLD_ROOT), env: {} },
    {
      name: 'tracing on (all sampled)',
      start: startStack,
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_TRACES_SAMPLER: 'always_on',
      },
    },
  ];
  try {
    for (const plan of plans) {
      const environment = await createTestEnvironment({ amqp: true });
      const stack = await plan.start({
        run: 'source',
        only: ONLY,
        environment: environment.env,
        killOnExit: true,
        readyTimeoutMs: 120_000,
        env: { ...plan.env, LOG_LEVEL: 'warn' },
        envFor: {
          'game-results': { RESULT_BUDGET_PER_MINUTE: '1000000', RESULT_BUDGET_PER_HOUR: '1000000' },
          gateway: { RATE_LIMIT_AUTH_PER_15_MINUTES: '100000', RATE_LIMIT_API_PER_MINUTE: '100000000' },
        },
      });
      const cookie = await signIn(stack.baseUrl);
      const empty = () => ({ requests: 0, cpuMs: 0, seconds: 0 });
      variants.push({ name: plan.name, stack, environment, cookie, poll: empty(), results: empty() });
    }
    for (const v of variants) await pollRound({ ...v, poll: { requests: 0, cpuMs: 0, seconds: 0 } }); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const v of variants) await pollRound(v);
      for (const v of variants) await resultRound(v);
    }
    const rows = variants.map((v) => ({
      variant: v.name,
      'poll req/s': Math.round(v.poll.requests / v.poll.seconds),
      'poll CPU µs/req': Math.round((v.poll.cpuMs * 1000) / v.poll.requests),
      'results/s': Math.round(v.results.requests / v.results.seconds),
      'result CPU µs/result': Math.round((v.results.cpuMs * 1000) / v.results.requests),
    }));
    console.log(`${ROUNDS} rounds, ${POLL_SECONDS} s of polls and ${RESULTS} results per round and variant:`);
    console.table(rows);
  } finally {
    for (const v of variants) {
      await v.stack.stop().catch(() => {});
      await v.environment.cleanup().catch(() => {});
    }
    receiver.close();
  }
}

await main();
