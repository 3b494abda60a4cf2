import { readFileSync } from 'node:fs';
import { ALL_EVENT_QUEUES, MAIL_QUEUE } from '@mathgames/contracts';
import { bullPrefix, createPool } from '@mathgames/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  byKind,
  findObject,
  type Manifest,
  OPERATIONS_PAGES,
  OVERLAYS,
  readSecretTemplates,
  readWorkloads,
  renderKustomization,
  repoPath,
} from './manifest-helpers.js';

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

const deployables = readWorkloads();
const longRunning = deployables.filter((d) => d.port !== null);
const secretTemplates = readSecretTemplates();
const rendered = {} as { prod: Manifest[] };
const prod = () => rendered.prod;

beforeAll(() => {
  rendered.prod = renderKustomization(OVERLAYS.prod);
});

describe('production overlay secrets and TLS', () => {
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
});

describe('production overlay autoscaling', () => {
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
      ...OPERATIONS_PAGES,
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
    const docs = ['docs/conventions.md', ...OPERATIONS_PAGES]
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
});

describe('production overlay releases and capacity', () => {
  it('lets a release apply the namespace, configuration and migration Job before any Deployment', () => {
    // docs/operations/migrations.md "Rolling out a migration": kubectl apply -l 'app.kubernetes.io/name in (…)'.
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
      readFileSync(repoPath('docs/operations/deploy.md'), 'utf8'),
    )?.[1];
    expect(Number(documented), `docs/operations/deploy.md names ${budget} or more`).toBeGreaterThanOrEqual(
      budget,
    );
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

function secretTemplateKeys(name: string): string[] {
  const template = secretTemplates.find((s) => s.metadata.name === name);
  return Object.keys(template?.stringData ?? {});
}
