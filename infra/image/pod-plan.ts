import { containerEnvironment, type Manifest } from '../../k8s/manifest-helpers.js';

/** An HTTP probe of the pod spec, with its named port resolved. */
export interface Probe {
  path: string;
  port: number;
  periodSeconds: number;
  failureThreshold: number;
  timeoutSeconds: number;
}

/**
 * What one Deployment or Job of the rendered manifests asks of its container, in the terms podman needs: the image
 * test starts every container from this, so nothing about how a deployable runs is written down twice.
 */
export interface ContainerPlan {
  name: string;
  kind: 'Deployment' | 'Job';
  command: string[];
  /** The ConfigMap, the Secrets and `env`, as the kubelet would give them. */
  env: Record<string, string>;
  /** `uid:gid` of the pod's securityContext. */
  user: string;
  readOnlyRootFilesystem: boolean;
  noNewPrivileges: boolean;
  capDrop: string[];
  /** In-memory emptyDir volumes, mounted as tmpfs of their size limit. */
  tmpfs: { path: string; sizeBytes: number }[];
  limits: { cpus: number | null; memoryBytes: number | null };
  /** The container port named `http` (null for a Job). */
  port: number | null;
  /** The Services that reach this pod on its own port: in-network DNS names of the container. */
  aliases: string[];
  startupProbe: Probe | null;
  readinessProbe: Probe | null;
  livenessProbe: Probe | null;
  terminationGracePeriodSeconds: number;
  /** Job only: how many retries after a failed run, and the whole run's deadline. */
  backoffLimit: number | null;
  activeDeadlineSeconds: number | null;
}

// biome-ignore lint/suspicious/noExplicitAny: rendered manifests are free-form YAML, checked field by field.
type Spec = any;

// Fields this translation knows. Anything else in a pod or container spec fails the plan, so the image test never
// silently runs a container differently from what the manifests say: teach it the new field first.
const KNOWN_POD_FIELDS = new Set([
  'automountServiceAccountToken',
  'enableServiceLinks',
  'terminationGracePeriodSeconds',
  'securityContext',
  'containers',
  'volumes',
  'restartPolicy',
]);
const KNOWN_CONTAINER_FIELDS = new Set([
  'name',
  'image',
  'imagePullPolicy',
  'command',
  'env',
  'envFrom',
  'ports',
  'resources',
  'securityContext',
  'startupProbe',
  'livenessProbe',
  'readinessProbe',
  'lifecycle',
  'volumeMounts',
]);
const KNOWN_POD_SECURITY = new Set(['runAsNonRoot', 'runAsUser', 'runAsGroup', 'fsGroup', 'seccompProfile']);
const KNOWN_CONTAINER_SECURITY = new Set([
  'allowPrivilegeEscalation',
  'readOnlyRootFilesystem',
  'privileged',
  'capabilities',
]);

function unknownFields(object: Spec, known: Set<string>, where: string): void {
  const unknown = Object.keys(object ?? {}).filter((key) => !known.has(key));
  if (unknown.length > 0)
    throw new Error(`${where}: infra/image/pod-plan.ts does not know ${unknown.join(', ')} yet`);
}

/** Kubernetes quantities as podman takes them: `1`/`500m` CPUs, `320Mi`/`1G` bytes. */
export function cpus(quantity: string | number | undefined): number | null {
  if (quantity === undefined) return null;
  const text = String(quantity);
  return text.endsWith('m') ? Number(text.slice(0, -1)) / 1000 : Number(text);
}

const UNITS: Record<string, number> = {
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  Ki: 1024,
  Mi: 1024 ** 2,
  Gi: 1024 ** 3,
};
export function bytes(quantity: string | number | undefined): number | null {
  if (quantity === undefined) return null;
  const match = /^(\d+(?:\.\d+)?)(k|M|G|Ki|Mi|Gi)?$/.exec(String(quantity));
  if (!match) throw new Error(`unreadable quantity ${quantity}`);
  return Math.round(Number(match[1]) * UNITS[match[2] ?? '']!);
}

function probe(spec: Spec, ports: Record<string, number>, where: string): Probe | null {
  if (!spec) return null;
  if (!spec.httpGet) throw new Error(`${where}: only httpGet probes are run by the image test`);
  const port = typeof spec.httpGet.port === 'number' ? spec.httpGet.port : ports[spec.httpGet.port];
  if (!port) throw new Error(`${where}: probe port ${spec.httpGet.port} is not a container port`);
  // The Kubernetes defaults for what a probe leaves out.
  return {
    path: spec.httpGet.path ?? '/',
    port,
    periodSeconds: spec.periodSeconds ?? 10,
    failureThreshold: spec.failureThreshold ?? 3,
    timeoutSeconds: spec.timeoutSeconds ?? 1,
  };
}

function tmpfsMounts(pod: Spec, container: Spec, where: string): ContainerPlan['tmpfs'] {
  const volumes = new Map<string, Spec>((pod.volumes ?? []).map((v: Spec) => [v.name, v]));
  return (container.volumeMounts ?? []).map((mount: Spec) => {
    const volume = volumes.get(mount.name);
    if (volume?.emptyDir?.medium !== 'Memory')
      throw new Error(
        `${where}: volume ${mount.name} is not an in-memory emptyDir, which is all podman is given`,
      );
    return { path: mount.mountPath, sizeBytes: bytes(volume.emptyDir.sizeLimit) ?? 64 * 1024 ** 2 };
  });
}

/** Services whose selector matches the pod and whose port is the container's own: names callers use. */
function aliasesOf(
  objects: Manifest[],
  labels: Record<string, string>,
  ports: Record<string, number>,
): string[] {
  return objects
    .filter((o) => o.kind === 'Service' && o.spec?.selector)
    .filter((s) => Object.entries(s.spec.selector).every(([key, value]) => labels[key] === value))
    .filter((s) =>
      (s.spec.ports ?? []).every(
        (p: Spec) => (typeof p.targetPort === 'number' ? p.targetPort : ports[p.targetPort]) === p.port,
      ),
    )
    .map((s) => s.metadata.name);
}

function planOf(objects: Manifest[], workload: Manifest): ContainerPlan {
  const where = `${workload.kind} ${workload.metadata.name}`;
  const pod: Spec = workload.spec.template.spec;
  unknownFields(pod, KNOWN_POD_FIELDS, where);
  if (pod.containers.length !== 1)
    throw new Error(`${where}: one container per pod is all the image test runs`);
  const container: Spec = pod.containers[0];
  unknownFields(container, KNOWN_CONTAINER_FIELDS, where);
  unknownFields(pod.securityContext, KNOWN_POD_SECURITY, `${where} pod securityContext`);
  unknownFields(container.securityContext, KNOWN_CONTAINER_SECURITY, `${where} securityContext`);
  const podSecurity = pod.securityContext ?? {};
  const security = container.securityContext ?? {};
  if (!podSecurity.runAsNonRoot || !podSecurity.runAsUser || security.privileged)
    throw new Error(`${where}: must run as a numeric non-root user, unprivileged`);
  if (security.capabilities?.add?.length) throw new Error(`${where}: adds capabilities`);
  if (podSecurity.seccompProfile && podSecurity.seccompProfile.type !== 'RuntimeDefault')
    throw new Error(`${where}: only the runtime's default seccomp profile is run here`);
  if ((container.env ?? []).some((v: Spec) => v.valueFrom))
    throw new Error(`${where}: env valueFrom is not run by the image test`);
  const ports: Record<string, number> = Object.fromEntries(
    (container.ports ?? []).map((p: Spec) => [p.name, p.containerPort]),
  );
  return {
    name: workload.metadata.name,
    kind: workload.kind,
    command: container.command,
    env: containerEnvironment(objects, container, []),
    user: `${podSecurity.runAsUser}:${podSecurity.runAsGroup ?? podSecurity.runAsUser}`,
    readOnlyRootFilesystem: security.readOnlyRootFilesystem === true,
    noNewPrivileges: security.allowPrivilegeEscalation === false,
    capDrop: security.capabilities?.drop ?? [],
    tmpfs: tmpfsMounts(pod, container, where),
    limits: {
      cpus: cpus(container.resources?.limits?.cpu),
      memoryBytes: bytes(container.resources?.limits?.memory),
    },
    port: ports.http ?? null,
    aliases: aliasesOf(objects, workload.spec.template.metadata?.labels ?? {}, ports),
    startupProbe: probe(container.startupProbe, ports, `${where} startupProbe`),
    readinessProbe: probe(container.readinessProbe, ports, `${where} readinessProbe`),
    livenessProbe: probe(container.livenessProbe, ports, `${where} livenessProbe`),
    terminationGracePeriodSeconds: pod.terminationGracePeriodSeconds ?? 30,
    backoffLimit: workload.kind === 'Job' ? (workload.spec.backoffLimit ?? 6) : null,
    activeDeadlineSeconds: workload.kind === 'Job' ? (workload.spec.activeDeadlineSeconds ?? null) : null,
  };
}

/** One plan per Deployment and Job of the rendered manifests, Jobs first (they run before the Deployments roll). */
export function containerPlans(objects: Manifest[]): ContainerPlan[] {
  const workloads = objects.filter((o) => o.kind === 'Job' || o.kind === 'Deployment');
  const plans = workloads.map((workload) => planOf(objects, workload));
  return [...plans.filter((p) => p.kind === 'Job'), ...plans.filter((p) => p.kind === 'Deployment')];
}

/**
 * `http://name:port` values in the plans' environments that no container answers under that name and port (the
 * Services the image test gives as network aliases): a caller configured that way would not reach its upstream.
 */
export function unreachableUpstreams(plans: ContainerPlan[]): string[] {
  const served = new Set(plans.flatMap((p) => p.aliases.map((alias) => `${alias}:${p.port}`)));
  return plans.flatMap((p) =>
    Object.entries(p.env)
      .filter(([, value]) => /^https?:\/\//.test(value))
      .map(([key, value]) => ({ key, url: new URL(value) }))
      .filter(({ url }) => !url.hostname.includes('.'))
      .filter(
        ({ url }) => !served.has(`${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`),
      )
      .map(({ key, url }) => `${p.name} ${key}=${url.origin}`),
  );
}

/** The data stores outside the namespace (ExternalName Services): the host names the Secrets' URLs use. */
export function externalServices(objects: Manifest[]): string[] {
  return objects
    .filter((o) => o.kind === 'Service' && o.spec?.type === 'ExternalName')
    .map((o) => o.metadata.name);
}

/** The Deployment the Ingress sends browsers to, and its container port (the Service's target). */
export function ingressTarget(objects: Manifest[], plans: ContainerPlan[]): { name: string; port: number } {
  const backends = new Set<string>(
    objects
      .filter((o) => o.kind === 'Ingress')
      .flatMap((o) =>
        o.spec.rules.flatMap((r: Spec) => r.http.paths.map((p: Spec) => p.backend.service.name)),
      ),
  );
  if (backends.size !== 1) throw new Error(`the Ingress should route to one Service, not ${[...backends]}`);
  const [service] = backends;
  const selector = objects.find((o) => o.kind === 'Service' && o.metadata.name === service)?.spec.selector;
  const target = plans.find(
    (p) =>
      p.kind === 'Deployment' &&
      objects.some(
        (o) =>
          o.kind === 'Deployment' &&
          o.metadata.name === p.name &&
          Object.entries(selector ?? {}).every(([k, v]) => o.spec.template.metadata.labels[k] === v),
      ),
  );
  if (!target?.port) throw new Error(`no Deployment serves the Ingress's Service ${service}`);
  return { name: target.name, port: target.port };
}
