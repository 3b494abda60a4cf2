/** The stack under load (every deployable built and run as its own process), what measures it, and its end. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import type http from 'node:http';
import { gatewayConfigShape } from '@mathgames/gateway';
import { createPool } from '@mathgames/platform';
import { type Stack, startStack } from '@mathgames/test-stack';
import { Redis } from 'ioredis';
import { BENCH_APPLICATION, ROOT } from './config.js';
import { CpuMeter, pidsNamed } from './cpu.js';
import { LagWatcher } from './lag-watcher.js';
import { say } from './report.js';

export interface Bench {
  stack: Stack;
  pool: ReturnType<typeof createPool>;
  redis: Redis;
  /** This stack's database (its Postgres backends are measured and watched). */
  database: string;
  cpu: CpuMeter;
  /** A lag watcher that the cleanup stops before the pool ends. */
  newWatcher: () => LagWatcher;
  /** The pupils' connection pools, destroyed by the cleanup. */
  agents: http.Agent[];
  watchers: LagWatcher[];
}

export async function startBench(): Promise<Bench> {
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
      // The gateway's warm-up before it is ready, as deployed, unless set (0: none, a stack cold at the lesson).
      // BENCH runs may set the sign-in queue's wait (0: none, the gateway as before 0056).
      ...(process.env.GATEWAY_SIGN_IN_QUEUE_WAIT_MS
        ? { GATEWAY_SIGN_IN_QUEUE_WAIT_MS: process.env.GATEWAY_SIGN_IN_QUEUE_WAIT_MS }
        : {}),
      GATEWAY_WARM_UP_SECONDS:
        process.env.GATEWAY_WARM_UP_SECONDS ??
        String(gatewayConfigShape.GATEWAY_WARM_UP_SECONDS.parse(undefined)),
    },
    // BENCH_CPU_PROF=<dir>: every deployable writes a V8 CPU profile there when the stack stops. BENCH_NODE_ARGS:
    // Node flags for every deployable, space separated (to try V8 settings, e.g. --always-sparkplug).
    nodeArgs: [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
  });
  say(`stack ready; the gateway's warm-up before it: ${stack.env.GATEWAY_WARM_UP_SECONDS} s`);
  const benchUrl = new URL(stack.env.DATABASE_URL!);
  benchUrl.searchParams.set('application_name', BENCH_APPLICATION);
  const pool = createPool(benchUrl.href, { max: 4 });
  const redis = new Redis(stack.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: false });
  const watchers: LagWatcher[] = [];
  const newWatcher = () => {
    const w = new LagWatcher(pool);
    watchers.push(w);
    return w;
  };
  const database = new URL(stack.env.DATABASE_URL!).pathname.slice(1);
  const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1] ?? 0);
  const cpu = new CpuMeter(async () => {
    const { rows } = await pool.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name IS DISTINCT FROM $2',
      [database, BENCH_APPLICATION],
    );
    return {
      ...Object.fromEntries(Object.entries(stack.pids()).map(([name, pid]) => [name, [pid]])),
      'postgres (this database)': rows.map((r) => r.pid),
      rabbitmq: pidsNamed('beam.smp'),
      redis: redisPid ? [redisPid] : [],
    };
  });
  return { stack, pool, redis, database, cpu, newWatcher, agents: [], watchers };
}

export async function stopBench({ stack, pool, redis, agents, watchers }: Bench): Promise<void> {
  // Watchers first: nothing may query the pool after it ends.
  await Promise.allSettled(watchers.map((w) => w.stop()));
  for (const agent of agents) agent.destroy();
  await pool.end().catch((err: unknown) => say(`cleanup: pool: ${err}`));
  redis.disconnect();
  await stack.stop().catch((err: unknown) => say(`cleanup: stack: ${err}`));
}

/** A comparison point as its own process: `hello-express.ts` (bare Express) or `hello-node.ts` (bare node:http). */
export async function startHello(
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
