import type { AddressInfo } from 'node:net';
import {
  createTestEnvironment,
  type SmtpCapture,
  startSmtpCapture,
  type TestEnvironment,
} from '@mathgames/platform/testing';
import type { Balancer } from './balancer.js';
import type { Deployable, DeployableName } from './deployables.js';
import { DEPLOYABLES, isHttp, isWritten, localUrl } from './deployables.js';
import type { InProcess, InProcessOptions } from './in-process.js';
import { startProcesses } from './process-run.js';
import { DeployableProcess, type ProcessRun } from './processes.js';

export interface StackOptions {
  /** Which deployables to start (default: every one whose entry point exists); they start in DEPLOYABLES order. */
  only?: readonly DeployableName[];
  /**
   * in-process (default): each deployable's factory inside this process, every HTTP one on a port the system
   * picks. built / source / watch: each deployable as its own process (see DeployableProcess).
   */
  run?: 'in-process' | ProcessRun;
  /** In-process runs: these run as their own processes from source instead (so a test can SIGKILL one). */
  asProcess?: readonly DeployableName[];
  /**
   * Process runs: how many processes of each deployable (default 1). With more, HAProxy stands in for Kubernetes:
   * the gateways behind an HTTP frontend like the Ingress (`baseUrl`), each HTTP service behind a TCP one like its
   * Service (`urls`, what the gateways and classes call); the workers compete for their queues.
   */
  replicas?: number;
  /**
   * The environment to run against (database, Redis, RabbitMQ, secrets). Without it the stack makes a fresh test
   * environment (its own database, Redis prefix and vhost) and removes it on `stop`.
   */
  environment?: Record<string, string>;
  /** A fresh test environment gets its own RabbitMQ vhost (default true). */
  amqp?: boolean;
  /** Capture e-mail over a local SMTP receiver, given to every deployable as SMTP_URL (default false). */
  smtp?: boolean;
  /** Extra variables for every deployable. */
  env?: Record<string, string>;
  /** Extra variables for one deployable (say, the gateway's rate limits). */
  envFor?: Partial<Record<DeployableName, Record<string, string>>>;
  /** Processes: killed with this process even when it ends abruptly (a failed test file). */
  killOnExit?: boolean;
  /**
   * Fixed ports (`make start`); the others get free ports (processes) or the system's pick (in-process). With
   * replicas, the port an HTTP deployable is reached at is the balancer's, and a worker's is its first replica's.
   */
  ports?: Partial<Record<DeployableName, number>>;
  /** Processes: wait until each listens on its port and answers /readyz (default true). */
  wait?: boolean;
  /** How long a process may take to be ready (default 60 s). */
  readyTimeoutMs?: number;
  /** How long a stopping process may drain before it is killed (default 15 s). */
  stopGraceMs?: number;
  /** Extra Node options for every process (the benchmark's `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: readonly string[];
  /** Every line a process prints (`replica`: 1, 2, …), and the balancer's. */
  onLine?: (name: DeployableName | 'balancer', line: string, replica?: number) => void;
  /** A process that exits while the stack is up (not through `stop` or `kill`). */
  onExit?: (
    name: DeployableName,
    code: number | null,
    signal: NodeJS.Signals | null,
    replica?: number,
  ) => void;
  /** Options of the in-process deployables (game-results' clock, auth's limits). */
  inProcess?: InProcessOptions;
}

export interface Stack {
  /** The gateway's URL: the SPA and /api, as a browser sees the product ('' when the gateway is not started). */
  baseUrl: string;
  /** Each started deployable's own URL (in-process workers serve nothing, so have none). */
  urls: Partial<Record<DeployableName, string>>;
  /** What every deployable got: the environment, its URL variables and the extras. */
  env: Record<string, string>;
  /** The fresh test environment (its pool, vhost, config), or null when `environment` was given. */
  environment: TestEnvironment | null;
  /** Captured e-mails, or null without `smtp`. */
  mail: SmtpCapture | null;
  /** The deployables running as their own processes (the first replica of each). */
  processes: Partial<Record<DeployableName, DeployableProcess>>;
  /** Process runs: every process of each deployable (one unless `replicas`). */
  replicas: Partial<Record<DeployableName, Replica[]>>;
  /** HAProxy in front of the replicas, or null with one process of each. */
  balancer: Balancer | null;
  /** The last log lines of one process, for failure messages. */
  logs(name: DeployableName): string;
  /** Each process's id (the benchmark reads their CPU time). */
  pids(): Partial<Record<DeployableName, number>>;
  stop(): Promise<void>;
}

/** One process of a deployable, reached at its own URL (the balancer's is in `Stack.urls`). */
export interface Replica {
  name: DeployableName;
  /** 1, 2, … */
  n: number;
  port: number;
  url: string;
  process: DeployableProcess;
  /** Starts it again (after `process.kill()` or `stop()`) and waits until it is ready. */
  start(): Promise<void>;
}

/**
 * Starts any subset of the product's deployables, in this process or each as its own process, against a fresh
 * test environment or a given one. `make start`, the browser tests, the benchmarks and the cross-service tests
 * all start the product through here. Processes on free ports start again on new ports (up to three times)
 * when one was taken between picking and binding.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const run = options.run ?? 'in-process';
  if (run === 'in-process' && (options.replicas ?? 1) > 1)
    throw new Error('replicas need processes: run built, source or watch');
  const selected = DEPLOYABLES.filter((d) => (options.only ? options.only.includes(d.name) : isWritten(d)));
  const environment = options.environment
    ? null
    : await createTestEnvironment({ amqp: options.amqp !== false });
  const closers: Array<() => Promise<unknown>> = [];
  if (environment) closers.push(() => environment.cleanup());
  if (environment)
    options = { ...options, envFor: withClassesRole(environment.env.DATABASE_URL!, options.envFor) };
  try {
    const mail = options.smtp ? await startSmtpCapture() : null;
    if (mail) closers.push(() => mail.close());
    const base: Record<string, string> = {
      // A test's stack starts without the gateway's warm-up play (2 s of load before it is ready): tests check
      // behaviour, not a first lesson's speed; the warm-up has its own test (journeys/warm-up).
      ...(environment ? { GATEWAY_WARM_UP_SECONDS: '0' } : {}),
      ...(options.environment ?? environment?.env),
      ...(mail ? { SMTP_URL: mail.url } : {}),
      ...options.env,
    };
    const started =
      run === 'in-process'
        ? await startInProcess(selected, base, options, closers)
        : await startProcesses(selected, run, base, options, !environment, closers);
    const { processes } = started;
    return {
      ...started,
      baseUrl: started.urls.gateway ?? '',
      environment,
      mail,
      logs: (name) => processes[name]?.logs() ?? '',
      pids: () =>
        Object.fromEntries(
          Object.entries(processes).flatMap(([name, p]) => (p?.pid ? [[name, p.pid]] : [])),
        ) as Partial<Record<DeployableName, number>>,
      stop: () => closeAll(closers),
    };
  } catch (err) {
    await closeAll(closers);
    throw err;
  }
}

async function closeAll(closers: Array<() => Promise<unknown>>): Promise<void> {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
}

export type Started = Pick<Stack, 'urls' | 'env' | 'processes' | 'replicas' | 'balancer'>;

/** Each deployable's factory in turn, so the ones started later get the URLs of the ones before. */
async function startInProcess(
  selected: readonly Deployable[],
  base: Record<string, string>,
  options: StackOptions,
  closers: Array<() => Promise<unknown>>,
): Promise<Started> {
  // Loaded only here: a run of processes (make start, the browser tests) needs none of the services' code.
  const { IN_PROCESS } = await import('./in-process.js');
  const env = { ...base };
  const urls: Started['urls'] = {};
  const processes: Started['processes'] = {};
  for (const d of selected) {
    const own = { ...env, ...options.envFor?.[d.name] };
    if (options.asProcess?.includes(d.name)) {
      const child = new DeployableProcess(d, {
        run: 'source',
        env: { ...process.env, ...own, PORT: String(options.ports?.[d.name] ?? 0) },
        ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
        ...(options.onLine ? { onLine: (line: string) => options.onLine?.(d.name, line) } : {}),
      });
      processes[d.name] = child;
      closers.push(() => child.stop(options.stopGraceMs));
      await child.start();
      continue;
    }
    const instance: InProcess = IN_PROCESS[d.name](own, options.inProcess ?? {});
    closers.push(() => instance.close());
    if (!isHttp(d)) continue;
    const server = await instance.listen(options.ports?.[d.name] ?? 0);
    urls[d.name] = localUrl((server.address() as AddressInfo).port);
    if (d.urlVariable) env[d.urlVariable] = urls[d.name]!;
  }
  return { urls, env, processes, replicas: {}, balancer: null };
}

/**
 * On a fresh environment the classes deployables connect as their own database role, as in compose and Kubernetes
 * (docs/operations/deploy.md "Database roles"): the school scope's Row-Level Security binds that role and never the
 * database admin, so every classes test runs under it (docs/decisions/0060-school-scope-row-level-security.md).
 */
function withClassesRole(databaseUrl: string, envFor: StackOptions['envFor']): StackOptions['envFor'] {
  const url = new URL(databaseUrl);
  url.username = 'mathgames_classes';
  url.password = '';
  const role = { DATABASE_URL: url.toString() };
  return {
    ...envFor,
    classes: { ...role, ...envFor?.classes },
    'classes-worker': { ...role, ...envFor?.['classes-worker'] },
  };
}
