import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import {
  createTestEnvironment,
  freePorts,
  type SmtpCapture,
  startSmtpCapture,
  type TestEnvironment,
} from '@mathgames/platform/testing';
import type { Deployable, DeployableName } from './deployables.js';
import { builtEntry, DEPLOYABLES, isWritten, ROOT } from './deployables.js';
import type { InProcess, InProcessOptions } from './in-process.js';
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
  /** Fixed ports (`make start`); the others get free ports (processes) or the system's pick (in-process). */
  ports?: Partial<Record<DeployableName, number>>;
  /** Processes: wait until each listens on its port and answers /readyz (default true). */
  wait?: boolean;
  /** How long a process may take to be ready (default 60 s). */
  readyTimeoutMs?: number;
  /** How long a stopping process may drain before it is killed (default 15 s). */
  stopGraceMs?: number;
  /** Extra Node options for every process (the benchmark's `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: readonly string[];
  /** Every line a process prints. */
  onLine?: (name: DeployableName, line: string) => void;
  /** A process that exits while the stack is up (not through `stop` or `kill`). */
  onExit?: (name: DeployableName, code: number | null, signal: NodeJS.Signals | null) => void;
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
  /** The deployables running as their own processes. */
  processes: Partial<Record<DeployableName, DeployableProcess>>;
  /** The last log lines of one process, for failure messages. */
  logs(name: DeployableName): string;
  /** Each process's id (the benchmark reads their CPU time). */
  pids(): Partial<Record<DeployableName, number>>;
  stop(): Promise<void>;
}

const ATTEMPTS = 3;
const isHttp = (d: Deployable) => d.urlVariable !== undefined || d.name === 'gateway';
const url = (port: number) => `http://127.0.0.1:${port}`;

/**
 * Starts any subset of the product's deployables, in this process or each as its own process, against a fresh
 * test environment or a given one. `make start`, the browser tests, the benchmarks and the cross-service tests
 * all start the product through here. Processes on free ports start again on new ports (up to three times)
 * when one was taken between picking and binding.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const run = options.run ?? 'in-process';
  const selected = DEPLOYABLES.filter((d) => (options.only ? options.only.includes(d.name) : isWritten(d)));
  const environment = options.environment
    ? null
    : await createTestEnvironment({ amqp: options.amqp !== false });
  const closers: Array<() => Promise<unknown>> = [];
  if (environment) closers.push(() => environment.cleanup());
  try {
    const mail = options.smtp ? await startSmtpCapture() : null;
    if (mail) closers.push(() => mail.close());
    const base: Record<string, string> = {
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

type Started = Pick<Stack, 'urls' | 'env' | 'processes'>;

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
    urls[d.name] = url((server.address() as AddressInfo).port);
    if (d.urlVariable) env[d.urlVariable] = urls[d.name]!;
  }
  return { urls, env, processes };
}

/** Every deployable as its own process at once, each told the others' URLs up front. */
async function startProcesses(
  selected: readonly Deployable[],
  run: ProcessRun,
  base: Record<string, string>,
  options: StackOptions,
  givenEnvironment: boolean,
  closers: Array<() => Promise<unknown>>,
): Promise<Started> {
  if (run === 'built') buildIfMissing(selected);
  const processes: Started['processes'] = {};
  const stopAll = () =>
    Promise.all(Object.values(processes).map((p) => p?.stop(options.stopGraceMs))).then(() => {});
  closers.push(stopAll);
  const pickFree = selected.some((d) => options.ports?.[d.name] === undefined);
  for (let attempt = 1; ; attempt++) {
    const free = await freePorts(selected.length);
    const ports = new Map(selected.map((d, i) => [d.name, options.ports?.[d.name] ?? free[i]!]));
    const urls: Started['urls'] = {};
    for (const d of selected) urls[d.name] = url(ports.get(d.name)!);
    const env: Record<string, string> = { ...base };
    // A fresh test environment sends the mails' links to this gateway.
    if (!givenEnvironment && urls.gateway && !options.env?.PUBLIC_URL) env.PUBLIC_URL = urls.gateway;
    for (const d of selected)
      if (d.urlVariable && !(givenEnvironment && base[d.urlVariable])) env[d.urlVariable] = urls[d.name]!;

    const listening = new Map<DeployableName, Promise<void>>();
    for (const d of selected) {
      const child = new DeployableProcess(d, {
        run,
        env: { ...process.env, ...env, ...options.envFor?.[d.name], PORT: String(ports.get(d.name)) },
        ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
        onLine: (line) => options.onLine?.(d.name, line),
        onExit: (code, signal) => options.onExit?.(d.name, code, signal),
        ...(options.killOnExit ? { killOnExit: true } : {}),
      });
      processes[d.name] = child;
      listening.set(d.name, child.start(ports.get(d.name)));
    }
    if (options.wait === false || run === 'watch') return { urls, env, processes };
    try {
      const timeout = options.readyTimeoutMs ?? 60_000;
      await Promise.all(
        selected.map((d) =>
          untilReady(processes[d.name]!, ports.get(d.name)!, listening.get(d.name)!, timeout),
        ),
      );
      return { urls, env, processes };
    } catch (err) {
      // A port picked ahead of time can be taken by another process before ours binds it.
      const collided = selected.some((d) => processes[d.name]?.logs().includes('EADDRINUSE'));
      await stopAll();
      if (!pickFree || !collided || attempt === ATTEMPTS) throw err;
      process.stderr.write('[test-stack] a port was taken by another process; starting again on new ports\n');
    }
  }
}

/** A standalone run of a test file builds every package's dist first (`make test` and `make start` have). */
function buildIfMissing(selected: readonly Deployable[]): void {
  if (selected.every((d) => existsSync(builtEntry(d)))) return;
  spawnSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-b'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  for (const d of selected)
    if (!existsSync(builtEntry(d)))
      throw new Error(`${builtEntry(d)} is missing after \`tsc -b\` (type errors in its package?)`);
}

async function untilReady(
  child: DeployableProcess,
  port: number,
  listening: Promise<void>,
  timeoutMs: number,
): Promise<void> {
  const name = child.deployable.name;
  const deadline = Date.now() + timeoutMs;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`did not listen within ${timeoutMs / 1000} s`)), timeoutMs).unref(),
  );
  try {
    await Promise.race([listening, timeout]);
  } catch (err) {
    throw new Error(`${name} ${(err as Error).message}:\n${child.logs()}`);
  }
  while (Date.now() < deadline) {
    if (child.pid === undefined) throw new Error(`${name} exited before it was ready:\n${child.logs()}`);
    try {
      const res = await fetch(`${url(port)}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not ready yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `${name} was not ready at ${url(port)}/readyz within ${timeoutMs / 1000} s:\n${child.logs()}`,
  );
}
