import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDatabase, runMigrations } from '@mathgames/platform';
import {
  createVhost,
  deleteVhost,
  freePorts,
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
import type { DeployableName } from '../../deployables.js';
import { startStack } from '../../stack.js';

const SHARED_AMQP = new URL(process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672');

/** The deployables a result passes through, each started from its own entry point as in production. */
const DEPLOYABLES = [
  'auth',
  'game-results',
  'badges',
  'statistics-worker',
  'badge-worker',
  'gateway',
] as const satisfies readonly DeployableName[];

export type FaultDeployable = (typeof DEPLOYABLES)[number];

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
  readyzUrls: Record<FaultDeployable, string>;
  /** Deployables that exited while the stack was up (should stay empty). */
  exits: string[];
  logs(name: FaultDeployable): string;
  stop(): Promise<void>;
}

/**
 * The product on data stores of its own: a private Postgres cluster and redis-server, a RabbitMQ vhost of its
 * own reached through a relay the test can cut, and every deployable as a child process (so "no process
 * exited" means something). Children and stores are killed on exit even when a test fails half-way.
 */
export async function startFaultStack(): Promise<FaultStack> {
  const closers: Array<() => Promise<unknown>> = [];
  const exits: string[] = [];
  const stop = async () => {
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

    const [gatewayPort] = await freePorts(1);
    // A process that exits on its own is reported with its last log lines (the reason it gave).
    let logsOf: ((name: FaultDeployable) => string) | undefined;
    const lastLines = (name: FaultDeployable) => logsOf?.(name).trim().split('\n').slice(-6).join('\n') ?? '';
    const stack = await startStack({
      run: 'source',
      only: DEPLOYABLES,
      environment: {
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'warn',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        REDIS_PREFIX: 'mg:',
        AMQP_URL: broker.route(vhostUrl(SHARED_AMQP.toString(), vhost)),
        SESSION_SECRET: TEST_SESSION_SECRET,
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
        TIME_ZONE: 'Europe/Istanbul',
        SPA_DIR: spaDir,
        RATE_LIMIT_AUTH_PER_15_MINUTES: '100000',
        RATE_LIMIT_API_PER_MINUTE: '1000000',
        // Pupils here retry through outages far faster than a child plays; the budget has its own test.
        RESULT_BUDGET_PER_MINUTE: '1000000',
        RESULT_BUDGET_PER_HOUR: '1000000',
      },
      ports: { gateway: gatewayPort! },
      readyTimeoutMs: 90_000,
      stopGraceMs: 10_000,
      killOnExit: true,
      onExit: (name, code, signal) =>
        exits.push(`${name} exited (code ${code}, signal ${signal})\n${lastLines(name as FaultDeployable)}`),
    });
    logsOf = (name) => stack.logs(name);
    closers.push(() => stack.stop());

    return {
      gatewayUrl: stack.baseUrl,
      assetPath: '/assets/app-fault1234.js',
      databaseUrl,
      vhost,
      postgres,
      redis,
      broker,
      readyzUrls: Object.fromEntries(
        DEPLOYABLES.map((name) => [name, `${stack.urls[name]}/readyz`]),
      ) as Record<FaultDeployable, string>,
      exits,
      logs: (name) => stack.logs(name),
      stop,
    };
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
