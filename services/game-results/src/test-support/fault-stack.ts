import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase, runMigrations } from '@mathgames/platform';
import {
  createVhost,
  deleteVhost,
  freePorts,
  onExitKill,
  type PrivatePostgres,
  type PrivateRedis,
  startPrivatePostgres,
  startPrivateRedis,
  startTcpProxy,
  type TcpProxy,
  TEST_INTERNAL_SECRET,
  TEST_SESSION_SECRET,
  vhostUrl,
} from '@mathgames/platform/testing';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SHARED_AMQP = new URL(process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672');

/** The deployables a result passes through, each started from its own entry point as in production. */
const DEPLOYABLES = [
  { name: 'auth', entry: 'services/auth/src/main.ts', url: 'AUTH_URL' },
  { name: 'game-results', entry: 'services/game-results/src/main.ts', url: 'GAME_RESULTS_URL' },
  { name: 'badges', entry: 'services/badges/src/main.ts', url: 'BADGES_URL' },
  { name: 'statistics-worker', entry: 'services/game-results/src/worker.ts' },
  { name: 'badge-worker', entry: 'services/badges/src/worker.ts' },
  { name: 'gateway', entry: 'gateway/src/main.ts' },
] as const;

export type DeployableName = (typeof DEPLOYABLES)[number]['name'];

export interface FaultStack {
  gatewayUrl: string;
  /** An asset the gateway serves from its SPA folder (the real build is not needed to prove it is served). */
  assetPath: string;
  databaseUrl: string;
  vhost: string;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  /** The relay between the deployables and the shared RabbitMQ: `refuse()` takes the broker away from them. */
  broker: TcpProxy;
  readyzUrls: Record<DeployableName, string>;
  /** Deployables that exited while the stack was up (should stay empty). */
  exits: string[];
  logs(name: DeployableName): string;
  stop(): Promise<void>;
}

/**
 * The product on data stores of its own: a private Postgres cluster and redis-server, a RabbitMQ vhost of its
 * own reached through a relay the test can cut, and every deployable as a child process (so "no process
 * exited" means something). Children and stores are killed on exit even when a test fails half-way.
 */
export async function startFaultStack(): Promise<FaultStack> {
  const closers: Array<() => Promise<unknown>> = [];
  const children = new Map<DeployableName, ChildProcess>();
  const output = new Map<DeployableName, string[]>();
  const exits: string[] = [];
  let stopping = false;

  const stop = async () => {
    stopping = true;
    const exited = [...children.values()].map(
      (child) =>
        new Promise<void>((resolve) =>
          child.exitCode !== null || child.signalCode !== null
            ? resolve()
            : child.once('exit', () => resolve()),
        ),
    );
    for (const child of children.values()) child.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const child of children.values()) child.kill('SIGKILL');
    }, 10_000);
    await Promise.all(exited);
    clearTimeout(killer);
    for (const close of closers.reverse()) await close().catch(() => {});
  };

  try {
    const [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
    closers.push(
      () => postgres.destroy(),
      () => redis.destroy(),
    );
    const vhost = `mg_fault_${process.pid}_${Date.now().toString(36)}`;
    await createVhost(SHARED_AMQP.toString(), vhost);
    closers.push(() => deleteVhost(SHARED_AMQP.toString(), vhost));
    const broker = await startTcpProxy({
      host: SHARED_AMQP.hostname,
      port: Number(SHARED_AMQP.port || 5672),
    });
    closers.push(() => broker.close());

    const databaseUrl = postgres.url('mathgames');
    await ensureDatabase(databaseUrl);
    await runMigrations({ databaseUrl });

    const spaDir = mkdtempSync(join(tmpdir(), 'mg-fault-spa-'));
    closers.push(async () => rmSync(spaDir, { recursive: true, force: true }));
    mkdirSync(join(spaDir, 'assets'));
    writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>Matematik</title><div id="root"></div>');
    writeFileSync(join(spaDir, 'assets', 'app-fault1234.js'), 'console.log("app");');

    const ports = await freePorts(DEPLOYABLES.length);
    const portOf = new Map(DEPLOYABLES.map((d, i) => [d.name, ports[i]!]));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'mg:',
      AMQP_URL: broker.route(vhostUrl(SHARED_AMQP.toString(), vhost)),
      SESSION_SECRET: TEST_SESSION_SECRET,
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      PUBLIC_URL: `http://127.0.0.1:${portOf.get('gateway')}`,
      TIME_ZONE: 'Europe/Istanbul',
      SPA_DIR: spaDir,
      RATE_LIMIT_AUTH_PER_15_MINUTES: '100000',
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      // Pupils here retry through outages far faster than a child plays; the budget has its own test.
      RESULT_BUDGET_PER_MINUTE: '1000000',
      RESULT_BUDGET_PER_HOUR: '1000000',
    };
    for (const d of DEPLOYABLES) if ('url' in d) env[d.url] = `http://127.0.0.1:${portOf.get(d.name)}`;

    for (const d of DEPLOYABLES) {
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', d.entry], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env, PORT: String(portOf.get(d.name)), NODE_OPTIONS: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.set(d.name, child);
      const forget = onExitKill(() => child.kill('SIGKILL'));
      closers.push(async () => forget());
      const lines: string[] = [];
      output.set(d.name, lines);
      const keep = (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(line);
        if (lines.length > 300) lines.splice(0, lines.length - 300);
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      child.once('exit', (code, signal) => {
        if (!stopping) exits.push(`${d.name} exited (code ${code}, signal ${signal})`);
      });
    }

    const readyzUrls = Object.fromEntries(
      DEPLOYABLES.map((d) => [d.name, `http://127.0.0.1:${portOf.get(d.name)}/readyz`]),
    ) as Record<DeployableName, string>;
    const stack: FaultStack = {
      gatewayUrl: `http://127.0.0.1:${portOf.get('gateway')}`,
      assetPath: '/assets/app-fault1234.js',
      databaseUrl,
      vhost,
      postgres,
      redis,
      broker,
      readyzUrls,
      exits,
      logs: (name) => (output.get(name) ?? []).join('\n'),
      stop,
    };
    const deadline = Date.now() + 90_000;
    for (const [name, url] of Object.entries(readyzUrls)) {
      while (!(await isReady(url))) {
        if (exits.length > 0) throw new Error(`${exits.join('; ')}:\n${stack.logs(name as DeployableName)}`);
        if (Date.now() > deadline)
          throw new Error(`${name} not ready within 90 s:\n${stack.logs(name as DeployableName)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    return stack;
  } catch (err) {
    await stop();
    throw err;
  }
}

export async function isReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}
