import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts, type SmtpCapture, startTcpProxy } from '@mathgames/platform/testing';
import type { Manifest } from '../../k8s/manifest-helpers.js';
import { COMPOSE_CHANGES, composeStarter, composeVariables } from './compose-run.js';
import { playDeployments } from './kube-play.js';
import {
  type LocalStores,
  localEnvironment,
  prepareDatabase,
  runSecrets,
  startLocalStores,
} from './local-stores.js';
import {
  type ContainerPlan,
  containerPlans,
  externalServices,
  ingressTarget,
  type Probe,
  unreachableUpstreams,
} from './pod-plan.js';
import {
  createNetwork,
  inspect,
  logsOf,
  NETWORK_PREFIX,
  type ProcessSecurity,
  podman,
  podmanRunArgs,
  processSecurity,
  removeLeftovers,
} from './podman.js';
import { untilReady, watchLiveness } from './probes.js';

export interface Ready {
  name: string;
  /** From the container's start to its first passing readiness probe. */
  seconds: number;
  /** Whether that was within the startup probe's budget (periodSeconds × failureThreshold). */
  withinStartupBudget: boolean;
  startupBudgetSeconds: number;
}

export interface Stopped {
  name: string;
  exitCode: number;
  seconds: number;
  graceSeconds: number;
}

export interface ContainerStack {
  /** Where a browser reaches the gateway (the Ingress's part: its container port published on 127.0.0.1). */
  baseUrl: string;
  mail: SmtpCapture;
  migrate: { seconds: number; attempts: number; output: string };
  ready: Ready[];
  /** Variables whose value differs from the rendered manifests (this machine's stores, secrets, PUBLIC_URL). */
  changed: string[];
  plans: ContainerPlan[];
  /** Per Deployment, the longest run of failed liveness probes seen so far, and whether it still runs. */
  health(): Promise<
    { name: string; longestFailureRun: number; failureThreshold: number; running: boolean }[]
  >;
  /** Per Deployment, what its main process actually runs with, read inside the container. */
  security(): Promise<({ name: string } & ProcessSecurity)[]>;
  /** SIGTERM to every Deployment's container at once, as a rollout or scale-down does; SIGKILL after the grace. */
  stop(): Promise<Stopped[]>;
  close(): Promise<void>;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * How the containers start: `podman run` per container under its pod spec (the default); `podman kube play` of
 * the manifests for the Deployments; or docker-compose.yml's own services under podman-compose.
 */
export type Runner = 'podman-run' | 'kube-play' | 'compose';

type Started = { name: string; ip: string | null };
type Starter = (plan: ContainerPlan, attempt?: number) => Promise<string>;

/**
 * Runs the migrate Job and then every Deployment of the rendered manifests as containers of `image`, each as its pod
 * spec says, on a container network of their own against this machine's data stores.
 */
export async function startContainerStack(
  image: string,
  objects: Manifest[],
  runner: Runner = 'podman-run',
): Promise<ContainerStack> {
  const plans = containerPlans(objects);
  const unreachable = unreachableUpstreams(plans);
  if (unreachable.length > 0) throw new Error(`upstreams no container answers: ${unreachable.join('; ')}`);
  const ingress = ingressTarget(objects, plans);
  await removeLeftovers();

  const runId = randomBytes(4).toString('hex');
  const project = `${NETWORK_PREFIX}${runId}`;
  // podman-compose puts a project's services on `<project>_default`; made here first, so the stores' relays can
  // listen on its gateway before anything starts.
  const network = runner === 'compose' ? `${project}_default` : project;
  const closers: Array<() => Promise<unknown>> = [];
  // The containers and the network first, then what they used.
  const close = async () => {
    await removeLeftovers(runId).catch(() => {});
    for (const step of closers.splice(0).reverse()) await step().catch(() => {});
  };
  try {
    const address = await createNetwork(network, runId, image);
    const stores = await startLocalStores(address, externalServices(objects));
    closers.push(() => stores.close());
    await prepareDatabase(stores, plans);

    const [hostPort] = await freePorts(1);
    const baseUrl = `http://127.0.0.1:${hostPort}`;
    const dir = await mkdtemp(join(tmpdir(), 'mathgames-image-'));
    closers.push(() => rm(dir, { recursive: true, force: true }));
    const secret = runSecrets();
    const changed = new Set<string>();
    const context = { image, network, runId, dir, stores, secret, baseUrl, changed };
    const publish = { name: ingress.name, hostPort: hostPort!, containerPort: ingress.port };
    const start =
      runner === 'compose'
        ? composeStarter(project, runId, composeVariables(stores, image, baseUrl))
        : podmanRunStarter(context, publish);
    if (runner === 'compose') for (const key of COMPOSE_CHANGES) changed.add(key);

    const migrate = await runJob(plans.find((p) => p.kind === 'Job')!, start);
    const deployments = plans.filter((p) => p.kind === 'Deployment');
    let containers: Started[];
    if (runner === 'kube-play') {
      const played = await playDeployments({ ...context, objects, deployments, publicUrl: baseUrl, publish });
      closers.push(() => played.close());
      for (const key of played.changed) changed.add(key);
      containers = played.containers;
    } else {
      containers = await Promise.all(
        deployments.map(async (plan) => ({ name: await start(plan), ip: null })),
      );
    }
    if (runner === 'compose') {
      // `podman-compose run` publishes no port: the Ingress's part is a relay to the gateway's container.
      const gateway = await inspect(containers[deployments.findIndex((p) => p.name === ingress.name)]!.name);
      const relay = await startTcpProxy(
        { host: gateway.ip, port: ingress.port },
        { host: '127.0.0.1', port: hostPort! },
      );
      closers.push(() => relay.close());
    }
    return await running({
      plans,
      deployments,
      containers,
      baseUrl,
      stores,
      migrate,
      changed,
      closers,
      close,
    });
  } catch (err) {
    await close();
    throw err;
  }
}

/** The stack once its containers run: readiness measured, liveness watched. */
async function running(o: {
  plans: ContainerPlan[];
  deployments: ContainerPlan[];
  containers: Started[];
  baseUrl: string;
  stores: { mail: SmtpCapture };
  migrate: ContainerStack['migrate'];
  changed: Set<string>;
  closers: Array<() => Promise<unknown>>;
  close: () => Promise<void>;
}): Promise<ContainerStack> {
  const { deployments, containers } = o;
  const names = containers.map((c) => c.name);
  const ready = await Promise.all(deployments.map((plan, i) => readyReport(plan, containers[i]!)));
  const liveness = deployments.map((plan, i) => watchLiveness(containers[i]!, plan));
  o.closers.push(async () => {
    for (const watch of liveness) watch.stop();
  });
  return {
    baseUrl: o.baseUrl,
    mail: o.stores.mail,
    migrate: o.migrate,
    ready,
    changed: [...o.changed].sort(),
    plans: o.plans,
    health: () =>
      Promise.all(
        deployments.map(async (plan, i) => ({
          name: plan.name,
          longestFailureRun: liveness[i]!.longestFailureRun(),
          failureThreshold: plan.livenessProbe?.failureThreshold ?? 0,
          running: (await inspect(names[i]!)).running,
        })),
      ),
    security: () =>
      Promise.all(
        deployments.map(async (plan, i) => ({ name: plan.name, ...(await processSecurity(names[i]!)) })),
      ),
    async stop() {
      for (const watch of liveness) watch.stop();
      return Promise.all(deployments.map((plan, i) => stopContainer(plan, names[i]!)));
    },
    close: o.close,
  };
}

/** `podman run` of one plan, with the run's environment in a file and the Ingress's backend published. */
function podmanRunStarter(
  context: {
    image: string;
    network: string;
    runId: string;
    dir: string;
    stores: LocalStores;
    secret: (key: string) => string;
    baseUrl: string;
    changed: Set<string>;
  },
  ingress: { name: string; hostPort: number; containerPort: number },
): Starter {
  const { image, network, runId, dir, stores, secret, baseUrl, changed } = context;
  return async (plan, attempt = 1) => {
    const local = localEnvironment(plan.env, stores, secret, baseUrl);
    for (const key of local.changed) changed.add(key);
    // A file readable by this user only: secrets stay out of process listings.
    const envFile = join(dir, `${plan.name}.env`);
    const lines = Object.entries(local.env).map(([key, value]) => `${key}=${value}\n`);
    await writeFile(envFile, lines.join(''), { mode: 0o600 });
    const containerName = `${network}-${plan.name}${plan.kind === 'Job' ? `-${attempt}` : ''}`;
    const hosts = Object.fromEntries(Object.keys(stores.ports).map((name) => [name, stores.address]));
    const publish =
      plan.name === ingress.name
        ? {
            publish: {
              hostIp: '127.0.0.1',
              hostPort: ingress.hostPort,
              containerPort: ingress.containerPort,
            },
          }
        : {};
    await podman(podmanRunArgs(plan, { containerName, network, image, runId, envFile, hosts, ...publish }));
    return containerName;
  };
}

/** The Job's pod until it succeeds, at most 1 + backoffLimit times, each within activeDeadlineSeconds. */
async function runJob(plan: ContainerPlan, start: Starter): Promise<ContainerStack['migrate']> {
  const began = Date.now();
  const attempts = 1 + (plan.backoffLimit ?? 0);
  let output = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const name = await start(plan, attempt);
    const timeoutMs = (plan.activeDeadlineSeconds ?? 900) * 1000;
    const exitCode = Number(await podman(['wait', name], { timeoutMs }));
    output = await logsOf(name);
    if (exitCode === 0) return { seconds: seconds(Date.now() - began), attempts: attempt, output };
  }
  throw new Error(`the ${plan.name} Job failed ${attempts} times; its last output:\n${output}`);
}

async function readyReport(
  plan: ContainerPlan,
  { name, ip }: { name: string; ip: string | null },
): Promise<Ready> {
  const budget = (p: Probe | null) => (p ? p.periodSeconds * p.failureThreshold : 0);
  const startupBudgetSeconds = budget(plan.startupProbe);
  const state = await inspect(name);
  try {
    // A container of a kube-played pod has its pod's address, not one of its own.
    const readyAt = await untilReady(name, ip ?? state.ip, plan);
    const taken = seconds(readyAt - state.startedAt.getTime());
    return {
      name: plan.name,
      seconds: taken,
      withinStartupBudget: taken <= startupBudgetSeconds,
      startupBudgetSeconds,
    };
  } catch (err) {
    throw new Error(`${plan.name}: ${(err as Error).message}\n${await logsOf(name)}`);
  }
}

async function stopContainer(plan: ContainerPlan, name: string): Promise<Stopped> {
  const began = Date.now();
  const graceSeconds = plan.terminationGracePeriodSeconds;
  await podman(['stop', '--time', String(graceSeconds), name], { timeoutMs: (graceSeconds + 30) * 1000 });
  const { exitCode } = await inspect(name);
  return { name: plan.name, exitCode, seconds: seconds(Date.now() - began), graceSeconds };
}
