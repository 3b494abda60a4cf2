import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MAX_PHOTO_BYTES } from '@mathgames/contracts';
import {
  baseConfigShape,
  DEPLOYABLES,
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
  entryCommand,
  extraConfigShapes,
  findObject,
  isKeda,
  isLoopbackUrl,
  keysDefaultingToLoopback,
  type Manifest,
  OVERLAYS,
  type OverlayName,
  readSecretTemplates,
  readWorkloads,
  renderKustomization,
  repoPath,
  sourceExists,
  validateManifest,
  type Workload,
} from './manifest-helpers.js';

// platform's shutdown limit (onShutdown timeoutMs) rounded up: the grace period must outlast it plus preStop.
const PLATFORM_SHUTDOWN_SECONDS = 30;

const deployables = readWorkloads();
const longRunning = deployables.filter((d) => d.port !== null);
const secretTemplates = readSecretTemplates();
const rendered = {} as Record<OverlayName, Manifest[]>;
const overlayNames = Object.keys(OVERLAYS) as OverlayName[];

beforeAll(() => {
  for (const name of overlayNames) rendered[name] = renderKustomization(OVERLAYS[name]);
});

function podSpecOf(objects: Manifest[], deployable: Workload) {
  const kind = deployable.port === null ? 'Job' : 'Deployment';
  const workload = findObject(objects, kind, deployable.name);
  if (!workload) throw new Error(`${kind} ${deployable.name} is not rendered`);
  return workload.spec.template.spec;
}

describe("platform's deployables table (services/libs/platform/src/deployables.ts)", () => {
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

describe("docs/operations/deploy.md's table of what runs where", () => {
  it("names every workload with the command and port of platform's table", () => {
    const page = readFileSync(repoPath('docs/operations/deploy.md'), 'utf8');
    const section = page.slice(
      page.indexOf('## What runs where'),
      page.indexOf('\n## ', page.indexOf('## What runs where') + 1),
    );
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| ') && line.includes('`node '))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const documented = rows.map(([, name, command, port]) => ({
      name,
      command: command?.replaceAll('`', '').split(' '),
      port: /^\d+/.exec(port ?? '')?.[0] ?? null,
    }));
    const expected = deployables.map((d) => ({
      name: d.name,
      command: entryCommand(d),
      port: d.port === null ? null : String(d.port),
    }));
    const byName = (a: { name?: string }, b: { name?: string }) =>
      String(a.name).localeCompare(String(b.name));
    expect(documented.sort(byName)).toEqual(expected.sort(byName));
  });
});

describe.each(overlayNames)('overlay %s objects and workloads', (overlay) => {
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

  it("runs every deployable of platform's table and the migrate Job, and nothing else", () => {
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
    // Its port in the table, where other pods reach it (the gateway's Service is the Ingress backend, port 80).
    if (d.name !== 'gateway')
      expect(service?.spec.ports).toContainEqual(expect.objectContaining({ name: 'http', port: d.port }));
    const scrapePort = deployment?.spec.template.metadata.annotations?.['prometheus.io/port'];
    expect(scrapePort, 'prometheus.io/port').toBe(String(d.port));
    for (const [key, value] of Object.entries(service?.spec.selector ?? { missing: 'selector' })) {
      expect(deployment?.spec.template.metadata.labels[key], key).toBe(value);
      expect(deployment?.spec.selector.matchLabels[key], key).toBe(value);
    }
  });
});

describe.each(overlayNames)('overlay %s endpoints, ingress and configuration', (overlay) => {
  const objects = () => rendered[overlay];

  it("points every service URL of the configuration at that deployable's Service, on its port in the table", () => {
    const config = byKind(objects(), 'ConfigMap').find((c) => c.data?.AUTH_URL);
    const called = DEPLOYABLES.filter((d) => d.urlVariable);
    expect(called.length).toBeGreaterThan(0);
    for (const d of called) {
      const url = new URL(String(config?.data[d.urlVariable as string]));
      expect(url.hostname, d.urlVariable).toBe(d.name);
      expect(Number(url.port), d.urlVariable).toBe(d.port);
      const service = findObject(objects(), 'Service', d.name);
      expect(service?.spec.ports).toContainEqual(expect.objectContaining({ name: 'http', port: d.port }));
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

function strongSecret(): string {
  return randomBytes(32).toString('base64url');
}
