import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { gatewayConfigShape } from '@mathgames/gateway';
import {
  createHttpService,
  createLogger,
  type DeployableName,
  loadConfig,
  SECRET_NEEDS,
} from '@mathgames/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  byKind,
  containerEnvironment,
  extraConfigShapes,
  findObject,
  type Manifest,
  readWorkloads,
  readYamlDocuments,
  renderKustomization,
} from './manifest-helpers.js';

// One Secret per need, the Ingress keeps operational endpoints inside, readiness tells no internals.
const deployables = readWorkloads();
const secretTemplates = readYamlDocuments('k8s/base/secret.yaml');
let prod: Manifest[];

beforeAll(() => {
  prod = renderKustomization('k8s/overlays/prod');
});

// biome-ignore lint/suspicious/noExplicitAny: a container spec from rendered YAML.
function containerOf(name: string): any {
  const workload = findObject(prod, 'Deployment', name) ?? findObject(prod, 'Job', name);
  if (!workload) throw new Error(`${name} is not rendered`);
  return workload.spec.template.spec.containers[0];
}

/** Every secret key a container can read: whole Secrets through envFrom, single keys through secretKeyRef. */
// biome-ignore lint/suspicious/noExplicitAny: a container spec from rendered YAML.
function mountedSecretKeys(container: any): string[] {
  const keys: string[] = [];
  for (const source of container.envFrom ?? []) {
    if (!source.secretRef) continue;
    const template = secretTemplates.find((t) => t.metadata.name === source.secretRef.name);
    if (!template) throw new Error(`no template for Secret ${source.secretRef.name}`);
    keys.push(...Object.keys(template.stringData ?? {}), ...Object.keys(template.data ?? {}));
  }
  for (const variable of container.env ?? []) if (variable.valueFrom?.secretKeyRef) keys.push(variable.name);
  return keys.sort();
}

const strong = () => randomBytes(32).toString('base64url');

describe('kubectl kustomize k8s/overlays/prod: secrets', () => {
  it('renders no Secret (they come from the secret manager) and one template per need', () => {
    expect(byKind(prod, 'Secret')).toEqual([]);
    for (const template of secretTemplates) expect(Object.keys(template.stringData)).toHaveLength(1);
  });

  it.each(deployables.map((d) => d.name))('mounts into %s exactly the secret keys it uses', async (name) => {
    const needs = [...SECRET_NEEDS[name as DeployableName]].sort();
    const container = containerOf(name);
    expect(mountedSecretKeys(container)).toEqual(needs);

    // "Uses" is what the process itself demands: with every mounted key it starts in production, and without
    // any one of them it refuses to (a key it did not need could be dropped without effect).
    const d = deployables.find((x) => x.name === name)!;
    const extra = await extraConfigShapes(d.packageDir);
    const env: Record<string, string> = { ...containerEnvironment(prod, container, secretTemplates) };
    for (const key of needs) env[key] = /_(SECRET|KEY)$/.test(key) ? strong() : 'redis://x.example.org';
    for (const key of needs) {
      if (key === 'DATABASE_URL') env[key] = 'postgres://role:pw@postgres.example.org:5432/mathgames';
      if (key === 'AMQP_URL') env[key] = 'amqp://u:pw@rabbitmq.example.org:5672';
      if (key === 'SMTP_URL') env[key] = 'smtp://u:pw@smtp.example.org:587';
    }
    expect(env.NODE_ENV).toBe('production');
    const options = { deployable: name as DeployableName };
    expect(() => loadConfig(extra, env, options)).not.toThrow();
    for (const key of needs) {
      const { [key]: _dropped, ...without } = env;
      expect(() => loadConfig(extra, without, options), `${name} without ${key}`).toThrow(new RegExp(key));
    }
  });

  it('gives each service its own database role, and only migrate the migration role', () => {
    const roleOf = (name: string) => {
      const container = containerOf(name);
      const ref = (container.envFrom ?? []).find((s: { secretRef?: { name: string } }) =>
        s.secretRef?.name.startsWith('mathgames-db-'),
      );
      const template = secretTemplates.find((t) => t.metadata.name === ref?.secretRef.name);
      return template ? new URL(template.stringData.DATABASE_URL).username : null;
    };
    expect(roleOf('auth')).toBe('mathgames_auth');
    expect(roleOf('game-results')).toBe('mathgames_results');
    expect(roleOf('statistics-worker')).toBe('mathgames_results');
    expect(roleOf('badges')).toBe('mathgames_badges');
    expect(roleOf('badge-worker')).toBe('mathgames_badges');
    expect(roleOf('classes')).toBe('mathgames_classes');
    expect(roleOf('classes-worker')).toBe('mathgames_classes');
    expect(roleOf('migrate')).toBe('mathgames_migrate');
    expect(roleOf('gateway')).toBeNull();
    expect(roleOf('mail-worker')).toBeNull();
  });
});

describe('the Ingress', () => {
  /** ingress-nginx turns a regex path into `location ~* "^<path>"`: anchored, case-insensitive. */
  const routed = (path: string) => {
    const [ingress] = byKind(prod, 'Ingress');
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/use-regex']).toBe('true');
    return ingress.spec.rules[0].http.paths.some((p: { path: string }) =>
      new RegExp(`^${p.path}`, 'i').test(path),
    );
  };

  it('does not route /metrics, /readyz or /healthz in any spelling', () => {
    for (const path of ['/metrics', '/readyz', '/healthz', '/METRICS', '/ReadyZ/', '/metrics/', '/healthz/x'])
      expect(routed(path), path).toBe(false);
  });

  it('routes the app and the API', () => {
    for (const path of ['/', '/api/auth/login', '/games', '/assets/app.js', '/profile', '/metricsboard'])
      expect(routed(path), path).toBe(true);
  });
});

describe('readiness answers', () => {
  it('name the failing dependency but carry no error text', async () => {
    const leak = 'connect ECONNREFUSED 10.0.0.7:5432 password=hunter2';
    const service = createHttpService({
      name: 'readiness-probe',
      config: { INTERNAL_SECRET: strong() },
      logger: createLogger('readiness-probe', 'silent'),
      readiness: {
        postgres: async () => {
          throw new Error(leak);
        },
        redis: async () => 'PONG',
      },
      routes: () => {},
    });
    const server = await service.listen(0);
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(text).toContain('postgres');
      expect(text).not.toMatch(/ECONNREFUSED|10\.0\.0\.7|hunter2/);
    } finally {
      await service.close();
    }
  });

  it("the gateway's readiness carries no error text either", async () => {
    const { createGateway } = await import('@mathgames/gateway');
    const gateway = createGateway(
      loadConfig(gatewayConfigShape, {
        REDIS_URL: 'redis://127.0.0.1:1',
        AUTH_URL: 'http://127.0.0.1:1',
        GAME_RESULTS_URL: 'http://127.0.0.1:1',
        BADGES_URL: 'http://127.0.0.1:1',
        LOG_LEVEL: 'silent',
      }),
      { logger: createLogger('gateway', 'silent') },
    );
    const server = await gateway.listen(0);
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
      // Its own readiness checks nothing outside the process (docs/operations/deploy.md "Kubernetes"), whatever it says, no internals.
      const text = await res.text();
      expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|healthz answered|fetch failed|Connection/i);
    } finally {
      await gateway.close();
    }
  });
});
