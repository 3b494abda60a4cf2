import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePorts } from '@mathgames/platform/testing';
import { type Balancer, startBalancer } from './balancer.js';
import { builtEntry, type Deployable, type DeployableName, isHttp, localUrl, ROOT } from './deployables.js';
import type { BalancedPool } from './haproxy-config.js';
import { DeployableProcess, type ProcessRun } from './processes.js';
import type { Replica, StackOptions, Started } from './stack.js';

const ATTEMPTS = 3;

interface PortPlan {
  /** Where the others reach each deployable: the balancer's port for a balanced HTTP one, else its first process's. */
  entry: Map<DeployableName, number>;
  /** Each process's own port. */
  own: Map<DeployableName, number[]>;
  stats: number;
}

/** Fixed ports where given, free ones for the rest (see StackOptions.ports). */
async function planPorts(
  selected: readonly Deployable[],
  count: number,
  fixed: StackOptions['ports'] = {},
): Promise<PortPlan> {
  const balanced = count > 1;
  const free = await freePorts(selected.length * (count + 1) + 1);
  const take = () => free.pop()!;
  const entry = new Map<DeployableName, number>();
  const own = new Map<DeployableName, number[]>();
  for (const d of selected) {
    const behindBalancer = balanced && isHttp(d);
    const given = fixed[d.name];
    const ports = Array.from({ length: count }, (_, i) =>
      !behindBalancer && i === 0 && given !== undefined ? given : take(),
    );
    own.set(d.name, ports);
    entry.set(d.name, behindBalancer ? (given ?? take()) : ports[0]!);
  }
  return { entry, own, stats: take() };
}

/**
 * Every deployable as its own process at once (or `replicas` of each, behind HAProxy), each told the others'
 * URLs up front.
 */
export async function startProcesses(
  selected: readonly Deployable[],
  run: ProcessRun,
  base: Record<string, string>,
  options: StackOptions,
  givenEnvironment: boolean,
  closers: Array<() => Promise<unknown>>,
): Promise<Started> {
  if (run === 'built') buildIfMissing(selected);
  const count = options.replicas ?? 1;
  const timeout = options.readyTimeoutMs ?? 60_000;
  let started: Replica[] = [];
  let balancer: Balancer | null = null;
  const stopAll = async () => {
    await Promise.all(started.map((r) => r.process.stop(options.stopGraceMs)));
    await balancer?.stop();
    balancer = null;
  };
  closers.push(stopAll);
  const pickFree = count > 1 || selected.some((d) => options.ports?.[d.name] === undefined);
  for (let attempt = 1; ; attempt++) {
    started = [];
    const plan = await planPorts(selected, count, options.ports);
    const urls: Started['urls'] = {};
    for (const d of selected) urls[d.name] = localUrl(plan.entry.get(d.name)!);
    const env: Record<string, string> = { ...base };
    // A fresh test environment sends the mails' links to this gateway.
    if (!givenEnvironment && urls.gateway && !options.env?.PUBLIC_URL) env.PUBLIC_URL = urls.gateway;
    for (const d of selected)
      if (d.urlVariable && !(givenEnvironment && base[d.urlVariable])) env[d.urlVariable] = urls[d.name]!;

    try {
      if (count > 1) balancer = await startBalancer(balancerPools(selected, plan, options));
      started = selected.flatMap((d) =>
        plan.own.get(d.name)!.map((port, i) => replica(d, i + 1, port, run, env, options, timeout)),
      );
      const listening = started.map((r) => r.process.start(r.port));
      const replicas: Started['replicas'] = Object.fromEntries(
        selected.map((d) => [d.name, started.filter((r) => r.name === d.name)]),
      );
      const processes = Object.fromEntries(started.filter((r) => r.n === 1).map((r) => [r.name, r.process]));
      const result: Started = { urls, env, processes, replicas, balancer };
      if (options.wait === false || run === 'watch') return result;
      await Promise.all(started.map((r, i) => untilReady(r.process, r.port, listening[i]!, timeout)));
      await balancer?.untilAllUp(timeout);
      return result;
    } catch (err) {
      // A port picked ahead of time can be taken by another process before ours binds it.
      const collided =
        started.some((r) => r.process.logs().includes('EADDRINUSE')) ||
        /Address already in use/.test((err as Error).message);
      await stopAll();
      if (!pickFree || !collided || attempt === ATTEMPTS) throw err;
      process.stderr.write('[test-stack] a port was taken by another process; starting again on new ports\n');
    }
  }
}

function balancerPools(selected: readonly Deployable[], plan: PortPlan, options: StackOptions) {
  const pool = (d: Deployable): BalancedPool => ({
    name: d.name,
    port: plan.entry.get(d.name)!,
    servers: plan.own.get(d.name)!,
  });
  const gateway = selected.find((d) => d.name === 'gateway');
  return {
    ...(gateway ? { front: pool(gateway) } : {}),
    services: selected.filter((d) => d.urlVariable).map(pool),
    statsPort: plan.stats,
    onLine: (line: string) => options.onLine?.('balancer', line),
    ...(options.killOnExit ? { killOnExit: true } : {}),
  };
}

function replica(
  d: Deployable,
  n: number,
  port: number,
  run: ProcessRun,
  env: Record<string, string>,
  options: StackOptions,
  timeout: number,
): Replica {
  const child = new DeployableProcess(d, {
    run,
    env: { ...process.env, ...env, ...options.envFor?.[d.name], PORT: String(port) },
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    onLine: (line) => options.onLine?.(d.name, line, n),
    onExit: (code, signal) => options.onExit?.(d.name, code, signal, n),
    ...(options.killOnExit ? { killOnExit: true } : {}),
  });
  return {
    name: d.name,
    n,
    port,
    url: localUrl(port),
    process: child,
    start: () => untilReady(child, port, child.start(port), timeout),
  };
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
      const res = await fetch(`${localUrl(port)}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not ready yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `${name} was not ready at ${localUrl(port)}/readyz within ${timeoutMs / 1000} s:\n${child.logs()}`,
  );
}
