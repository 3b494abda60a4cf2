import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ContainerPlan } from './pod-plan.js';

const run = promisify(execFile);

/** This machine kind's podman settings (runc, cgroupfs, no default ulimits): infra/image/containers.conf. */
export const CONTAINERS_CONF =
  process.env.CONTAINERS_CONF ?? fileURLToPath(new URL('./containers.conf', import.meta.url));

/** Every container, pod and network the image test makes carries this label, with the run's id as its value. */
export const RUN_LABEL = 'mathgames.image-test';
/** The process that made them: a later run removes what a run that died (killed, crashed) left behind. */
export const PID_LABEL = 'mathgames.image-test.pid';
/** A run's network is named this and its id; its secrets and volumes start with that name. */
export const NETWORK_PREFIX = 'mg-image-';

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
}

/** `podman run` arguments that give the container what its pod spec asks for. */
export function podmanRunArgs(plan: ContainerPlan, options: RunOptions): string[] {
  const args = ['run', '--detach', '--name', options.containerName];
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

export interface ProcessSecurity {
  uid: number;
  gid: number;
  /** Effective capabilities of the main process, as /proc shows them (hex). */
  capEff: string;
  noNewPrivs: boolean;
  rootReadOnly: boolean;
  tmpWritable: boolean;
  /** The file system /tmp is (tmpfs for an in-memory emptyDir). */
  tmpType: string;
}

/** What the container's main process (PID 1) runs with, and what it can write, seen from inside. */
export async function processSecurity(name: string): Promise<ProcessSecurity> {
  const script = [
    "awk '/^(Uid|Gid|CapEff|NoNewPrivs):/ { print $2 }' /proc/1/status",
    '(touch /app/.probe 2>/dev/null && echo rw) || echo ro',
    // A name of its own: under kube play every pod's /tmp is the same directory.
    'p=/tmp/.probe-$(cat /proc/sys/kernel/random/uuid); (touch $p 2>/dev/null && rm $p && echo rw) || echo ro',
    'awk \'$2 == "/tmp" { print $3 }\' /proc/mounts',
  ].join('; ');
  const [uid, gid, capEff, noNewPrivs, root, tmp, tmpType] = (
    await podman(['exec', name, 'sh', '-c', script])
  ).split('\n');
  return {
    uid: Number(uid),
    gid: Number(gid),
    capEff: capEff ?? '',
    noNewPrivs: noNewPrivs === '1',
    rootReadOnly: root === 'ro',
    tmpWritable: tmp === 'rw',
    tmpType: tmpType || 'the root file system',
  };
}

export async function logsOf(name: string, lines = 40): Promise<string> {
  return podman(['logs', '--tail', String(lines), name]).catch((err: Error) => err.message);
}

/**
 * Removes what a run made: its containers, pods and network (labelled with the run and its process), and its
 * secrets and volumes (named after its network: podman 4.3 gives them no labels here). Without `runId`, what runs
 * whose process has gone (killed, crashed) left behind.
 */
export async function removeLeftovers(runId?: string): Promise<void> {
  const alive = (pid: string) => {
    try {
      process.kill(Number(pid), 0);
      return true;
    } catch {
      return false;
    }
  };
  const stale = (labels: Record<string, string> = {}) =>
    (runId !== undefined && labels[RUN_LABEL] === runId) ||
    (labels[PID_LABEL] !== undefined && !alive(labels[PID_LABEL]));
  // podman's JSON: containers and pods carry `Names`/`Name` and `Labels`, networks `name` and `labels`.
  type Listed = {
    Names?: string[];
    Name?: string;
    name?: string;
    Labels?: Record<string, string>;
    labels?: Record<string, string>;
  };
  const listed = async (list: string[]) =>
    (
      JSON.parse(
        (await podman([...list, '--filter', `label=${RUN_LABEL}`, '--format', 'json'])) || '[]',
      ) as Listed[]
    )
      .filter((item) => stale(item.Labels ?? item.labels))
      .map((item) => item.Names?.[0] ?? item.Name ?? item.name ?? '');
  const containers = await listed(['ps', '--all']);
  if (containers.length > 0) await podman(['rm', '--force', '--time', '0', ...containers]);
  const pods = await listed(['pod', 'ps']);
  if (pods.length > 0) await podman(['pod', 'rm', '--force', ...pods]);
  const networks = await listed(['network', 'ls']);
  if (networks.length > 0) await podman(['network', 'rm', '--force', ...networks]);

  const live = new Set((await podman(['network', 'ls', '--format', '{{.Name}}'])).split('\n'));
  const orphaned = (name: string) => {
    const network = new RegExp(`^(${NETWORK_PREFIX}[0-9a-f]+)-`).exec(name)?.[1];
    return network !== undefined && (!live.has(network) || network === `${NETWORK_PREFIX}${runId}`);
  };
  const secrets = (await podman(['secret', 'ls', '--format', '{{.Name}}'])).split('\n').filter(orphaned);
  if (secrets.length > 0) await podman(['secret', 'rm', ...secrets]);
  const volumes = (await podman(['volume', 'ls', '--format', '{{.Name}}'])).split('\n').filter(orphaned);
  if (volumes.length > 0) await podman(['volume', 'rm', '--force', ...volumes]);
}
