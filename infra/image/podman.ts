import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ContainerPlan } from './pod-plan.js';

const run = promisify(execFile);

/** This machine kind's podman settings (runc, cgroupfs, no default ulimits): infra/image/containers.conf. */
export const CONTAINERS_CONF =
  process.env.CONTAINERS_CONF ?? fileURLToPath(new URL('./containers.conf', import.meta.url));

/** Every container and network the image test makes carries this label, with the run's id as its value. */
export const RUN_LABEL = 'mathgames.image-test';
/** The process that made them: a later run removes what a run that died (killed, crashed) left behind. */
export const PID_LABEL = 'mathgames.image-test.pid';

export async function podman(args: string[], options: { timeoutMs?: number } = {}): Promise<string> {
  try {
    const { stdout } = await run('podman', args, {
      env: { ...process.env, CONTAINERS_CONF },
      maxBuffer: 16 << 20,
      timeout: options.timeoutMs ?? 120_000,
    });
    return stdout.trim();
  } catch (err) {
    const { stderr, message } = err as { stderr?: string; message: string };
    throw new Error(`podman ${args.slice(0, 2).join(' ')} failed: ${stderr?.trim() || message}`);
  }
}

const runLabels = (runId: string) => [
  ...['--label', `${RUN_LABEL}=${runId}`],
  ...['--label', `${PID_LABEL}=${process.pid}`],
];

/**
 * A bridge network of the run's own, with DNS for the containers' aliases. A bridge exists only while a container
 * is attached, so an idle one holds it for the run. Resolves with its gateway: the host's address on it.
 */
export async function createNetwork(network: string, runId: string, image: string): Promise<string> {
  await podman(['network', 'create', ...runLabels(runId), network]);
  const idle = ['--read-only', '--user', '1000:1000', '--cap-drop', 'all', image, 'sleep', 'infinity'];
  await podman([
    'run',
    '--detach',
    '--name',
    `${network}-anchor`,
    '--network',
    network,
    ...runLabels(runId),
    ...idle,
  ]);
  return podman(['network', 'inspect', '--format', '{{range .Subnets}}{{.Gateway}}{{end}}', network]);
}

export interface RunOptions {
  containerName: string;
  network: string;
  image: string;
  runId: string;
  envFile: string;
  /** Host names of the data stores outside the namespace → the address that reaches them. */
  hosts: Record<string, string>;
  /** Publishes the container's port on the host (the Ingress's part). */
  publish?: { hostIp: string; hostPort: number; containerPort: number };
  detach: boolean;
}

/** `podman run` arguments that give the container what its pod spec asks for. */
export function podmanRunArgs(plan: ContainerPlan, options: RunOptions): string[] {
  const args = ['run', ...(options.detach ? ['--detach'] : []), '--name', options.containerName];
  args.push(...runLabels(options.runId), '--network', options.network);
  for (const alias of plan.aliases) args.push('--network-alias', alias);
  for (const [host, address] of Object.entries(options.hosts)) args.push('--add-host', `${host}:${address}`);
  args.push('--user', plan.user);
  // Only the pod's own volumes are writable: podman's extra tmpfs on /run and /var/tmp stays off.
  if (plan.readOnlyRootFilesystem) args.push('--read-only', '--read-only-tmpfs=false');
  for (const mount of plan.tmpfs) args.push('--tmpfs', `${mount.path}:rw,size=${mount.sizeBytes},mode=1777`);
  for (const capability of plan.capDrop) args.push('--cap-drop', capability.toLowerCase());
  if (plan.noNewPrivileges) args.push('--security-opt', 'no-new-privileges');
  if (plan.limits.cpus) args.push('--cpus', String(plan.limits.cpus));
  if (plan.limits.memoryBytes) args.push('--memory', String(plan.limits.memoryBytes));
  args.push('--stop-timeout', String(plan.terminationGracePeriodSeconds));
  if (options.publish) {
    const { hostIp, hostPort, containerPort } = options.publish;
    args.push('--publish', `${hostIp}:${hostPort}:${containerPort}`);
  }
  args.push('--env-file', options.envFile, options.image, ...plan.command);
  return args;
}

export interface ContainerState {
  running: boolean;
  exitCode: number;
  startedAt: Date;
  ip: string;
}

export async function inspect(name: string): Promise<ContainerState> {
  const format =
    '{{.State.Running}}|{{.State.ExitCode}}|{{.State.StartedAt}}|' +
    '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}';
  const [running, exitCode, startedAt, ip] = (await podman(['inspect', '--format', format, name])).split('|');
  // Podman prints Go's time format ("2026-11-25 01:50:39.123456789 +0000 UTC").
  const [date, time, zone] = (startedAt ?? '').split(' ');
  return {
    running: running === 'true',
    exitCode: Number(exitCode),
    startedAt: new Date(`${date}T${time?.slice(0, 12)}${zone === '+0000' ? 'Z' : (zone ?? '')}`),
    ip: ip ?? '',
  };
}

export async function logsOf(name: string, lines = 40): Promise<string> {
  return podman(['logs', '--tail', String(lines), name]).catch((err: Error) => err.message);
}

/** Removes the containers and networks of runs whose process has gone (and, with `runId`, of that run). */
export async function removeLeftovers(runId?: string): Promise<void> {
  const alive = (pid: string) => {
    try {
      process.kill(Number(pid), 0);
      return true;
    } catch {
      return false;
    }
  };
  // podman's JSON: containers carry `Names` and `Labels`, networks `name` and `labels`.
  const listed = async (kind: 'ps' | 'network'): Promise<{ name: string; run?: string; pid?: string }[]> => {
    const list = kind === 'ps' ? ['ps', '--all'] : ['network', 'ls'];
    const items = JSON.parse(
      (await podman([...list, '--filter', `label=${RUN_LABEL}`, '--format', 'json'])) || '[]',
    ) as {
      Names?: string[];
      Labels?: Record<string, string>;
      name?: string;
      labels?: Record<string, string>;
    }[];
    return items.map((item) => {
      const labels = item.Labels ?? item.labels ?? {};
      return { name: item.Names?.[0] ?? item.name ?? '', run: labels[RUN_LABEL], pid: labels[PID_LABEL] };
    });
  };
  const stale = ({ run, pid }: { run?: string; pid?: string }) =>
    (runId !== undefined && run === runId) || (pid !== undefined && !alive(pid));
  const containers = (await listed('ps')).filter(stale).map(({ name }) => name);
  if (containers.length > 0) await podman(['rm', '--force', '--time', '0', ...containers]);
  const networks = (await listed('network')).filter(stale).map(({ name }) => name);
  if (networks.length > 0) await podman(['network', 'rm', '--force', ...networks]);
}
