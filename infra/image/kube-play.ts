import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { Manifest } from '../../k8s/manifest-helpers.js';
import { localEnvironment, type StoreRoutes } from './local-stores.js';
import type { ContainerPlan } from './pod-plan.js';
import { PID_LABEL, podman, RUN_LABEL } from './podman.js';

export interface PlayOptions {
  objects: Manifest[];
  deployments: ContainerPlan[];
  stores: StoreRoutes & { address: string };
  secret: (key: string) => string;
  publicUrl: string;
  /** The Ingress's part: this Deployment's container port on 127.0.0.1:hostPort. */
  publish: { name: string; hostPort: number };
  network: string;
  runId: string;
  image: string;
  /** Where the played YAML is written (it names no secret value). */
  dir: string;
}

export interface Played {
  /** Per Deployment (in the order given): its container and pod address. */
  containers: { name: string; ip: string }[];
  changed: string[];
  close(): Promise<void>;
}

/**
 * Starts the Deployments with `podman kube play`, from the rendered objects with only what this machine needs
 * changed: names prefixed by the run (pods, secrets and volumes are global to podman), this machine's stores and
 * secrets in the ConfigMap and Secrets, `hostAliases` for what a cluster's DNS would resolve (the Services and the
 * external stores; podman's pods have no Service names), and a hostPort for the Ingress's backend.
 * Two podman 4.3 gaps are bridged: its own Secrets cannot feed `envFrom` (stored as YAML, read as JSON: podman
 * containers/podman#16269), so the Secrets become podman secrets in the JSON form it reads; and it has no Services, so pods get
 * fixed addresses on the run's network.
 */
export async function playDeployments(options: PlayOptions): Promise<Played> {
  const { objects, deployments, stores, network } = options;
  const prefix = `${network}-`;
  const subnet = await podman([
    'network',
    'inspect',
    '--format',
    '{{range .Subnets}}{{.Subnet}}{{end}}',
    network,
  ]);
  if (!subnet.endsWith('.0/24')) throw new Error(`expected a /24 network, got ${subnet}`);
  const ips = deployments.map((_, i) => subnet.replace(/\.0\/24$/, `.${10 + i}`));
  const changed = new Set<string>();
  const local = (values: Record<string, string>) => {
    const result = localEnvironment(values, stores, options.secret, options.publicUrl);
    for (const key of result.changed) changed.add(key);
    return result.env;
  };

  const secrets: string[] = [];
  const close = async () => {
    await podman(['kube', 'down', join(options.dir, 'kube.yaml')]).catch(() => {});
    if (secrets.length > 0) await podman(['secret', 'rm', ...secrets]).catch(() => {});
  };
  try {
    for (const secret of objects.filter((o) => o.kind === 'Secret')) {
      const values = local(secret.stringData ?? {});
      const data = Object.fromEntries(
        Object.entries(values).map(([key, value]) => [key, Buffer.from(value).toString('base64')]),
      );
      // A file readable by this user only (podman reads `-` only from a FIFO, not from a socket).
      const file = join(options.dir, `${secret.metadata.name}.json`);
      await writeFile(file, JSON.stringify(data), { mode: 0o600 });
      secrets.push(`${prefix}${secret.metadata.name}`);
      await podman(['secret', 'create', secrets.at(-1)!, file]);
    }
    const aliases = [
      { ip: stores.address, hostnames: Object.keys(stores.ports) },
      ...deployments.map((plan, i) => ({ ip: ips[i]!, hostnames: plan.aliases })),
    ].filter((alias) => alias.hostnames.length > 0);
    const played = [
      ...objects
        .filter((o) => o.kind === 'ConfigMap')
        .map((map) => ({
          ...map,
          metadata: { name: `${prefix}${map.metadata.name}` },
          data: local(map.data),
        })),
      ...deployments.map((plan) => playedDeployment(objects, plan, aliases, options)),
    ];
    await writeFile(join(options.dir, 'kube.yaml'), played.map((o) => stringify(o)).join('---\n'));
    await podman([
      ...['kube', 'play', '--network', network, ...ips.flatMap((ip) => ['--ip', ip])],
      join(options.dir, 'kube.yaml'),
    ]);
    return {
      containers: deployments.map((plan, i) => ({ name: `${prefix}${plan.name}-pod-0-app`, ip: ips[i]! })),
      changed: [...changed],
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The rendered Deployment with the run's names, image, host aliases and (for the Ingress's backend) hostPort. */
export function playedDeployment(
  objects: Manifest[],
  plan: ContainerPlan,
  hostAliases: { ip: string; hostnames: string[] }[],
  { network, runId, image, publish }: PlayOptions,
): Manifest {
  const prefix = `${network}-`;
  const rendered = structuredClone(
    objects.find((o) => o.kind === 'Deployment' && o.metadata.name === plan.name)!,
  );
  const template = rendered.spec.template;
  template.metadata.labels = {
    ...template.metadata.labels,
    [RUN_LABEL]: runId,
    [PID_LABEL]: String(process.pid),
  };
  const pod = template.spec;
  pod.hostAliases = hostAliases;
  const [container] = pod.containers;
  container.image = image;
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef ?? source.secretRef;
    ref.name = `${prefix}${ref.name}`;
  }
  // Volumes are global in podman: the run's own names, removed with it by `kube down`.
  for (const volume of pod.volumes ?? []) volume.name = `${prefix}${volume.name}`;
  for (const mount of container.volumeMounts ?? []) mount.name = `${prefix}${mount.name}`;
  if (plan.name === publish.name)
    for (const port of container.ports)
      if (port.name === 'http') Object.assign(port, { hostPort: publish.hostPort, hostIP: '127.0.0.1' });
  return { ...rendered, metadata: { ...rendered.metadata, name: `${prefix}${plan.name}` } };
}
