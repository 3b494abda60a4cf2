import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ALL_EVENT_QUEUES, MAIL_QUEUE, MAX_PHOTO_BYTES } from '@mathgames/contracts';
import {
  baseConfigShape,
  bullPrefix,
  createPool,
  type DeployableName,
  loadConfig,
  SECRET_NEEDS,
  TRACES_SAMPLERS,
  tracingRequested,
} from '@mathgames/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  byKind,
  commandSourceFile,
  containerEnvironment,
  type Deployable,
  entryCommand,
  extraConfigShapes,
  findObject,
  isKeda,
  isLoopbackUrl,
  keysDefaultingToLoopback,
  type Manifest,
  OVERLAYS,
  type OverlayName,
  readDeployables,
  readYamlDocuments,
  renderKustomization,
  repoPath,
  sourceExists,
  validateManifest,
} from './manifest-helpers.js';

// platform's shutdown limit (onShutdown timeoutMs) rounded up: the grace period must outlast it plus preStop.
const PLATFORM_SHUTDOWN_SECONDS = 30;
const HTTP_AUTOSCALED = ['gateway', 'auth', 'game-results', 'badges', 'classes'];
// Deployables with a Postgres pool, and those whose outbox relay also holds a LISTEN connection.
const POSTGRES_USERS = [
  'auth',
  'game-results',
  'badges',
  'classes',
  'statistics-worker',
  'badge-worker',
  'classes-worker',
];
const OUTBOX_RELAYS = ['auth', 'game-results'];
/** The declared subscriptions (contracts' event catalogue): the one place a queue name is written. */
const QUEUES_OF_WORKER: [string, string][] = ALL_EVENT_QUEUES.map((queue) => [queue.worker, queue.name]);
const DECLARED_QUEUES = ALL_EVENT_QUEUES.map((queue) => queue.name);

const deployables = readDeployables();
const longRunning = deployables.filter((d) => d.port !== null);
const secretTemplates = [
  ...readYamlDocuments('k8s/base/secret.yaml'),
  ...readYamlDocuments('k8s/components/autoscaling/worker-scalers.yaml').filter((o) => o.kind === 'Secret'),
];
const rendered = {} as Record<OverlayName, Manifest[]>;
const overlayNames = Object.keys(OVERLAYS) as OverlayName[];

beforeAll(() => {
  for (const name of overlayNames) rendered[name] = renderKustomization(OVERLAYS[name]);
});

function podSpecOf(objects: Manifest[], deployable: Deployable) {
  const kind = deployable.port === null ? 'Job' : 'Deployment';
  const workload = findObject(objects, kind, deployable.name);
  if (!workload) throw new Error(`${kind} ${deployable.name} is not rendered`);
  return workload.spec.template.spec;
}

describe('docs/conventions.md deployables table', () => {
  it('lists the ten deployables this directory deploys', () => {
    expect(deployables.map((d) => d.name).sort()).toEqual(
      [
        'auth',
        'badge-worker',
        'badges',
        'classes',
        'classes-worker',
        'game-results',
        'gateway',
        'mail-worker',
        'migrate',
        'statistics-worker',
      ].sort(),
    );
  });
});

describe.each(overlayNames)('overlay %s', (overlay) => {
  const objects = () => rendered[overlay];

  it('renders with kubectl kustomize, every object in the overlay namespace', () => {
    const namespace = byKind(objects(), 'Namespace')[0]?.metadata.name;
    expect(namespace).toMatch(/^mathgames/);
    const outside = objects().filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== namespace);
    expect(outside.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
  });

  it('validates every Kubernetes object offline against its schema, with no unknown fields', () => {
    const problems = objects()
      .filter((o) => !isKeda(o))
      .flatMap((o) => validateManifest(o).map((p) => `${o.kind}/${o.metadata.name}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('runs every deployable of the conventions table, and nothing else', () => {
    const workloads = [...byKind(objects(), 'Deployment'), ...byKind(objects(), 'Job')].map(
      (o) => o.metadata.name,
    );
    expect(workloads.sort()).toEqual(deployables.map((d) => d.name).sort());
  });

  it.each(deployables)(
    'starts $name with the command of its entry point, built from a source that exists',
    (d) => {
      const container = podSpecOf(objects(), d).containers[0];
      expect(container.command).toEqual(entryCommand(d));
      const source = commandSourceFile(container.command);
      expect(source && sourceExists(source), `${source} exists`).toBe(true);
    },
  );

  it.each(longRunning)('gives $name probes, requests, limits, a preStop pause and a locked-down pod', (d) => {
    const pod = podSpecOf(objects(), d);
    expect(pod.containers).toHaveLength(1);
    const [container] = pod.containers;
    expect(container.env).toContainEqual({ name: 'PORT', value: String(d.port) });
    expect(container.ports).toContainEqual({ name: 'http', containerPort: d.port, protocol: 'TCP' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.startupProbe.httpGet.path).toBe('/healthz');
    for (const resource of ['cpu', 'memory']) {
      expect(container.resources.requests[resource], `requests.${resource}`).toBeTruthy();
      expect(container.resources.limits[resource], `limits.${resource}`).toBeTruthy();
    }
    const preStopSeconds = Number(container.lifecycle.preStop.exec.command.at(-1));
    expect(container.lifecycle.preStop.exec.command[0]).toBe('sleep');
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(preStopSeconds + PLATFORM_SHUTDOWN_SECONDS);
    expectLockedDown(pod);
  });

  it('runs the migration Job as locked down as the services, never restarting in place', () => {
    const pod = podSpecOf(objects(), deployables.find((d) => d.name === 'migrate')!);
    expect(pod.restartPolicy).toBe('Never');
    expect(pod.containers[0].resources.limits.memory).toBeTruthy();
    expectLockedDown(pod);
  });

  it.each(longRunning)('exposes $name through a Service that selects its pods on the http port', (d) => {
    const service = findObject(objects(), 'Service', d.name);
    const deployment = findObject(objects(), 'Deployment', d.name);
    expect(service?.spec.ports).toContainEqual(expect.objectContaining({ name: 'http', targetPort: 'http' }));
    for (const [key, value] of Object.entries(service?.spec.selector ?? { missing: 'selector' })) {
      expect(deployment?.spec.template.metadata.labels[key], key).toBe(value);
      expect(deployment?.spec.selector.matchLabels[key], key).toBe(value);
    }
  });

  it('reaches Postgres, Redis, RabbitMQ and SMTP through external endpoints', () => {
    for (const name of ['postgres', 'redis', 'rabbitmq', 'smtp']) {
      const service = findObject(objects(), 'Service', name);
      expect(service?.spec.type, name).toBe('ExternalName');
      expect(service?.spec.externalName, name).toMatch(/^[a-z0-9.-]+\.[a-z]+$/);
    }
  });

  it('routes the ingress to the gateway Service port that exists', () => {
    const [ingress] = byKind(objects(), 'Ingress');
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe('gateway');
    const gatewayService = findObject(objects(), 'Service', 'gateway');
    expect(gatewayService?.spec.ports.map((p: { name: string }) => p.name)).toContain(backend.port.name);
  });

  it('lets the largest allowed profile photo through the ingress, so auth answers with its own message', () => {
    const [ingress] = byKind(objects(), 'Ingress');
    const size = /^(\d+)([km])$/.exec(
      ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size'],
    );
    const bytes = Number(size?.[1]) * (size?.[2] === 'm' ? 1024 * 1024 : 1024);
    // Multipart framing adds a little around the file itself.
    expect(bytes).toBeGreaterThan(MAX_PHOTO_BYTES + 64 * 1024);
  });

  it('gives up on a slow upstream in the gateway, before the ingress does, so the child sees a translated error', async () => {
    const [ingress] = byKind(objects(), 'Ingress');
    const ingressSeconds = Number(
      ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'],
    );
    const gateway = deployables.find((d) => d.name === 'gateway')!;
    const env = containerEnvironment(objects(), podSpecOf(objects(), gateway).containers[0], secretTemplates);
    const extra = await extraConfigShapes(gateway.packageDir);
    const config = loadConfig(extra, {
      ...env,
      SESSION_SECRET: strongSecret(),
      INTERNAL_SECRET: strongSecret(),
    });
    expect(Number(config.UPSTREAM_TIMEOUT_MS)).toBeLessThan(ingressSeconds * 1000);
  });

  it.each(deployables)(
    'provides $name every variable the config schemas need, none pointing at loopback',
    async (d) => {
      const container = podSpecOf(objects(), d).containers[0];
      const env = containerEnvironment(objects(), container, secretTemplates);
      const extra = await extraConfigShapes(d.packageDir);
      const needs: readonly string[] = SECRET_NEEDS[d.name as DeployableName];
      // Every credential key goes only where SECRET_NEEDS sends it (k8s/secrets.test.ts checks exactly that).
      const credentials = new Set(Object.values(SECRET_NEEDS).flat());
      const required = [
        ...Object.keys(baseConfigShape).filter((key) => key !== 'PORT' && !credentials.has(key as never)),
        ...keysDefaultingToLoopback(extra).filter((key) => !credentials.has(key as never)),
        ...needs,
        ...(d.port === null ? [] : ['PORT']),
      ];
      expect(required.filter((key) => !env[key])).toEqual([]);
      expect(Object.entries(env).filter(([, value]) => isLoopbackUrl(value))).toEqual([]);

      // The real schema accepts the result once the operator's secrets are filled in...
      const withSecrets = { ...env };
      for (const key of needs) if (/_(SECRET|KEY)$/.test(key)) withSecrets[key] = strongSecret();
      const options = { deployable: d.name as DeployableName };
      expect(() => loadConfig(extra, withSecrets, options)).not.toThrow();
      // ...and production refuses the template's placeholders, so a forgotten secret cannot go live.
      const secretKeys = needs.filter((key) => /_(SECRET|KEY)$/.test(key));
      if (env.NODE_ENV === 'production' && secretKeys.length > 0)
        expect(() => loadConfig(extra, env, options)).toThrow(new RegExp(secretKeys[0]!));
    },
  );

  it.each(deployables)(
    'sends $name traces nowhere until the operator names a collector, with a sampler the platform knows',
    (d) => {
      const env = containerEnvironment(objects(), podSpecOf(objects(), d).containers[0], secretTemplates);
      // No third-party endpoint by default: the overlays only show, commented out, where a collector goes.
      expect(tracingRequested(env)).toBe(false);
      expect(TRACES_SAMPLERS).toContain(env.OTEL_TRACES_SAMPLER);
      expect(Number(env.OTEL_TRACES_SAMPLER_ARG)).toBeGreaterThan(0);
      // Named, it is on: the same variables the deployable's startTracing reads.
      expect(tracingRequested({ ...env, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    },
  );

  it('keeps no real secret: every rendered Secret is a template of placeholders', () => {
    for (const secret of byKind(objects(), 'Secret')) {
      for (const [key, value] of Object.entries(secret.stringData ?? {})) {
        expect(String(value), `${secret.metadata.name}.${key}`).toMatch(/REPLACE_ME/);
      }
      expect(secret.data, secret.metadata.name).toBeUndefined();
    }
  });
});

describe('production overlay', () => {
  const prod = () => rendered.prod;

  it('takes its secrets from the secret manager, not from the repository', () => {
    expect(byKind(prod(), 'Secret')).toEqual([]);
    const configMap = byKind(prod(), 'ConfigMap')[0];
    expect(configMap?.data.NODE_ENV).toBe('production');
  });

  it('serves the ingress over TLS only', () => {
    const [ingress] = byKind(prod(), 'Ingress');
    expect(ingress.spec.tls?.[0]?.hosts).toContain(ingress.spec.rules[0].host);
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/force-ssl-redirect']).toBe('true');
  });

  it('scales the HTTP deployables on CPU from at least two replicas', () => {
    const hpas = byKind(prod(), 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([...HTTP_AUTOSCALED].sort());
    for (const hpa of hpas) {
      const deployment = findObject(prod(), 'Deployment', hpa.spec.scaleTargetRef.name);
      expect(hpa.spec.scaleTargetRef.kind).toBe('Deployment');
      expect(hpa.spec.metrics).toContainEqual(
        expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
      );
      expect(deployment).toBeDefined();
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    }
  });

  it('scales each RabbitMQ consumer on the depth of its own quorum queue (KEDA, management API)', () => {
    const scaled = byKind(prod(), 'ScaledObject');
    for (const [worker, queue] of QUEUES_OF_WORKER) {
      const object = scaled.find((s) => s.spec.scaleTargetRef.name === worker);
      const trigger = object?.spec.triggers.find(
        (t: { type: string; metadata: { queueName?: string } }) =>
          t.type === 'rabbitmq' && t.metadata.queueName === queue,
      );
      expect(trigger?.metadata, worker).toMatchObject({
        protocol: 'http',
        mode: 'QueueLength',
        queueName: queue,
      });
      expect(trigger.metadata.value).toMatch(/^[1-9]\d*$/);
      const auth = findObject(prod(), 'TriggerAuthentication', trigger.authenticationRef.name);
      const host = auth?.spec.secretTargetRef.find((ref: { parameter: string }) => ref.parameter === 'host');
      expect(host, `${worker} management API host`).toBeDefined();
      expect(secretTemplateKeys(host.name)).toContain(host.key);
    }
    // Every consumer queue of the topology has a worker scaled on it.
    const watched = scaled.flatMap((s) =>
      s.spec.triggers.map((t: { metadata: { queueName?: string } }) => t.metadata.queueName),
    );
    expect(DECLARED_QUEUES.filter((queue) => !watched.includes(queue))).toEqual([]);
    expect(watched.filter((queue) => queue && !DECLARED_QUEUES.includes(queue))).toEqual([]);
  });

  it('names in the docs and manifests only queues that are declared, and the docs name every one', () => {
    // A queue is `<consumer group>.<event type without version>`; find every such name anywhere it is written.
    const suffixes = [
      ...new Set(ALL_EVENT_QUEUES.map((q) => q.event.type.replace(/\.v\d+$/, '').replace('.', '-'))),
    ];
    const pattern = new RegExp(`\\b[a-z][a-z-]*\\.(?:${suffixes.join('|')})\\b`, 'g');
    const files = [
      'docs/conventions.md',
      'docs/operations.md',
      'README.md',
      'k8s/components/autoscaling/worker-scalers.yaml',
      ...ALL_EVENT_QUEUES.map((queue) => `k8s/base/${queue.worker}.yaml`),
    ];
    for (const file of files) {
      const text = readFileSync(repoPath(file), 'utf8');
      const named = [...text.matchAll(pattern)].map((m) => m[0]);
      expect(
        named.filter((name) => !DECLARED_QUEUES.includes(name)),
        file,
      ).toEqual([]);
    }
    const docs = ['docs/conventions.md', 'docs/operations.md']
      .map((file) => readFileSync(repoPath(file), 'utf8'))
      .join('\n');
    for (const queue of DECLARED_QUEUES) expect(docs, queue).toContain(queue);
  });

  it('scales mail-worker on the BullMQ wait list of the mail queue, under the configured prefix', () => {
    const object = byKind(prod(), 'ScaledObject').find((s) => s.spec.scaleTargetRef.name === 'mail-worker');
    const trigger = object?.spec.triggers.find((t: { type: string }) => t.type === 'redis');
    const prefix = byKind(prod(), 'ConfigMap')[0]?.data.REDIS_PREFIX;
    expect(trigger?.metadata.listName).toBe(`${bullPrefix(prefix)}:${MAIL_QUEUE}:wait`);
    expect(trigger.metadata.listLength).toMatch(/^[1-9]\d*$/);
    const [host, port] = String(trigger.metadata.address).split(':');
    expect(Number(port)).toBeGreaterThan(0);
    // The KEDA operator resolves names from its own namespace: a cluster name must carry this namespace.
    const inCluster = /^[a-z0-9-]+\.([a-z0-9-]+)\.svc\.cluster\.local$/.exec(host ?? '');
    if (inCluster) expect(inCluster[1]).toBe(object?.metadata.namespace);
    const auth = findObject(prod(), 'TriggerAuthentication', trigger.authenticationRef.name);
    for (const ref of auth?.spec.secretTargetRef ?? [])
      expect(secretTemplateKeys(ref.name)).toContain(ref.key);
  });

  it('writes KEDA objects the CRDs accept: string metadata, named authentication, known trigger types', () => {
    for (const object of byKind(prod(), 'ScaledObject')) {
      expect(object.apiVersion).toBe('keda.sh/v1alpha1');
      expect(object.spec.scaleTargetRef.name).toEqual(expect.any(String));
      for (const trigger of object.spec.triggers) {
        expect(['rabbitmq', 'redis']).toContain(trigger.type);
        // metadata is map[string]string in the CRD: a YAML number would be rejected by the API server.
        for (const [key, value] of Object.entries(trigger.metadata)) expect(typeof value, key).toBe('string');
        expect(findObject(prod(), 'TriggerAuthentication', trigger.authenticationRef.name)).toBeDefined();
      }
    }
    for (const auth of byKind(prod(), 'TriggerAuthentication')) {
      expect(auth.apiVersion).toBe('keda.sh/v1alpha1');
      for (const ref of auth.spec.secretTargetRef) {
        expect(Object.keys(ref).sort()).toEqual(['key', 'name', 'parameter']);
      }
    }
  });

  it('lets KEDA alone scale the workers, each from a Deployment that exists', () => {
    const scaled = byKind(prod(), 'ScaledObject');
    const targets = scaled.map((s) => s.spec.scaleTargetRef.name);
    expect(targets.sort()).toEqual(['badge-worker', 'classes-worker', 'mail-worker', 'statistics-worker']);
    for (const object of scaled) {
      expect(findObject(prod(), 'Deployment', object.spec.scaleTargetRef.name)).toBeDefined();
      expect(object.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
      expect(object.spec.maxReplicaCount).toBeGreaterThan(object.spec.minReplicaCount);
    }
    const hpaTargets = byKind(prod(), 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name);
    expect(hpaTargets.filter((name) => targets.includes(name))).toEqual([]);
  });

  it('lets a release apply the namespace, configuration and migration Job before any Deployment', () => {
    // docs/operations.md "Rolling out a migration": kubectl apply -l 'app.kubernetes.io/name in (…)'.
    const firstStep = ['mathgames', 'mathgames-config', 'migrate'];
    const selected = prod().filter((o) => firstStep.includes(o.metadata.labels?.['app.kubernetes.io/name']));
    const kinds = selected.map((o) => o.kind);
    expect(kinds).toEqual(expect.arrayContaining(['Namespace', 'ConfigMap', 'Job']));
    expect(kinds).not.toContain('Deployment');
  });

  it('documents a Postgres connection limit that covers every pool at the maximum replicas', async () => {
    const pool = createPool('postgres://nobody@127.0.0.1:1/none');
    const poolSize = (pool as unknown as { options: { max: number } }).options.max;
    await pool.end();
    const maxReplicas = (name: string): number => {
      const hpa = byKind(prod(), 'HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === name);
      const scaled = byKind(prod(), 'ScaledObject').find((s) => s.spec.scaleTargetRef.name === name);
      return (
        hpa?.spec.maxReplicas ??
        scaled?.spec.maxReplicaCount ??
        findObject(prod(), 'Deployment', name)?.spec.replicas
      );
    };
    const budget =
      POSTGRES_USERS.reduce((sum, name) => sum + maxReplicas(name) * poolSize, 0) +
      OUTBOX_RELAYS.reduce((sum, name) => sum + maxReplicas(name), 0) +
      1; // the migration Job
    const documented = /`max_connections` to at least (\d+)/.exec(
      readFileSync(repoPath('docs/operations.md'), 'utf8'),
    )?.[1];
    expect(Number(documented), `docs/operations.md names ${budget} or more`).toBeGreaterThanOrEqual(budget);
  });

  it('leaves every replica count to its autoscaler, so a release never scales a busy deployment down', () => {
    const autoscaled = [
      ...byKind(prod(), 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name),
      ...byKind(prod(), 'ScaledObject').map((s) => s.spec.scaleTargetRef.name),
    ];
    for (const deployment of byKind(prod(), 'Deployment')) {
      expect(autoscaled, deployment.metadata.name).toContain(deployment.metadata.name);
      expect(deployment.spec.replicas, deployment.metadata.name).toBeUndefined();
    }
  });

  it('keeps a disruption budget for every long-running deployable that never blocks a drain', () => {
    const budgets = byKind(prod(), 'PodDisruptionBudget');
    for (const d of longRunning) {
      const budget = budgets.find((b) => b.spec.selector.matchLabels['app.kubernetes.io/name'] === d.name);
      expect(budget?.spec.maxUnavailable, d.name).toBe(1);
    }
  });
});

function expectLockedDown(pod: Manifest) {
  expect(pod.securityContext).toMatchObject({
    runAsNonRoot: true,
    seccompProfile: { type: 'RuntimeDefault' },
  });
  expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
  expect(pod.automountServiceAccountToken).toBe(false);
  for (const container of pod.containers) {
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    const tmp = container.volumeMounts.find((m: { mountPath: string }) => m.mountPath === '/tmp');
    const volume = pod.volumes.find((v: { name: string }) => v.name === tmp?.name);
    expect(volume?.emptyDir, 'a writable emptyDir at /tmp').toBeDefined();
  }
}

function secretTemplateKeys(name: string): string[] {
  const template = secretTemplates.find((s) => s.metadata.name === name);
  return Object.keys(template?.stringData ?? {});
}

function strongSecret(): string {
  return randomBytes(32).toString('base64url');
}
