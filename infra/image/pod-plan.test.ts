import { describe, expect, it } from 'vitest';
import { byKind, readWorkloads, renderKustomization } from '../../k8s/manifest-helpers.js';
import { localEnvironment, runSecrets } from './local-stores.js';
import {
  bytes,
  containerPlans,
  cpus,
  externalServices,
  ingressTarget,
  unreachableUpstreams,
} from './pod-plan.js';
import { podmanRunArgs } from './podman.js';
import { SAMPLE_ROUTES } from './sample-routes.js';

// `make image-test` runs what these plans say (infra/image/container-stack.ts): the agreements it relies on.
const objects = renderKustomization('k8s/overlays/dev');
const plans = containerPlans(objects);
const deployments = plans.filter((p) => p.kind === 'Deployment');

describe('the image test runs the dev overlay as its pod specs say', () => {
  it("starts the migrate Job first, then every Deployment: the deployables of platform's table", () => {
    expect(plans[0]).toMatchObject({ kind: 'Job', name: 'migrate' });
    expect(plans.map((p) => p.name).sort()).toEqual(
      readWorkloads()
        .map((d) => d.name)
        .sort(),
    );
    expect(deployments.map((p) => p.name).sort()).toEqual(
      byKind(objects, 'Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    );
  });

  it.each(plans.map((p) => [p.name, p] as const))(
    'runs %s as uid 1000, read-only, without capabilities, with an in-memory /tmp and limits',
    (_, plan) => {
      expect(plan).toMatchObject({
        user: '1000:1000',
        readOnlyRootFilesystem: true,
        noNewPrivileges: true,
        capDrop: ['ALL'],
        tmpfs: [{ path: '/tmp', sizeBytes: 64 * 1024 ** 2 }],
      });
      expect(plan.limits.cpus).toBeGreaterThan(0);
      expect(plan.limits.memoryBytes).toBeGreaterThan(0);
      expect(plan.command[0]).toBe('node');
    },
  );

  it.each(deployments.map((p) => [p.name, p] as const))(
    'probes %s over HTTP on its own port: startup and liveness on /healthz, readiness on /readyz',
    (_, plan) => {
      expect(plan.port).toBe(Number(plan.env.PORT));
      expect(plan.startupProbe).toMatchObject({ path: '/healthz', port: plan.port });
      expect(plan.livenessProbe).toMatchObject({ path: '/healthz', port: plan.port });
      expect(plan.readinessProbe).toMatchObject({ path: '/readyz', port: plan.port });
    },
  );

  it('reaches every upstream a deployable is configured with under a Service name on its own port', () => {
    expect(unreachableUpstreams(plans)).toEqual([]);
    expect(plans.find((p) => p.name === 'auth')?.aliases).toEqual(['auth']);
  });

  it('publishes the gateway, the Ingress backend, and stands in for exactly the external data stores', () => {
    expect(ingressTarget(objects, plans)).toEqual({ name: 'gateway', port: 8080 });
    expect(externalServices(objects).sort()).toEqual(['postgres', 'rabbitmq', 'redis', 'smtp']);
  });

  it('gives podman what the pod spec asks for', () => {
    const auth = plans.find((p) => p.name === 'auth')!;
    const args = podmanRunArgs(auth, {
      containerName: 'c',
      network: 'n',
      image: 'i',
      runId: 'r',
      envFile: '/e',
      hosts: { postgres: '10.0.0.1' },
    }).join(' ');
    for (const flag of [
      '--user 1000:1000',
      '--read-only --read-only-tmpfs=false',
      `--tmpfs /tmp:rw,size=${64 * 1024 ** 2},mode=1777`,
      '--cap-drop all',
      '--security-opt no-new-privileges',
      '--cpus 1',
      `--memory ${320 * 1024 ** 2}`,
      '--network-alias auth',
      '--add-host postgres:10.0.0.1',
      '--stop-timeout 45',
      '--env-file /e i node services/auth/dist/main.js',
    ])
      expect(args).toContain(flag);
  });

  it('refuses a pod spec it does not know how to run, rather than running it differently', () => {
    const changed = (edit: (spec: Record<string, never>) => void) => {
      const copy = structuredClone(objects);
      const gateway = copy.find((o) => o.kind === 'Deployment' && o.metadata.name === 'gateway')!;
      edit(gateway.spec.template.spec);
      return () => containerPlans(copy);
    };
    // biome-ignore-start lint/suspicious/noExplicitAny: editing free-form YAML.
    expect(changed((pod: any) => Object.assign(pod, { hostNetwork: true }))).toThrow(/hostNetwork/);
    expect(
      changed((pod: any) => (pod.containers[0].securityContext.capabilities.add = ['NET_ADMIN'])),
    ).toThrow(/adds capabilities/);
    expect(changed((pod: any) => (pod.volumes[0] = { name: 'tmp', hostPath: { path: '/' } }))).toThrow(
      /emptyDir/,
    );
    expect(
      changed((pod: any) => (pod.containers[0].readinessProbe = { exec: { command: ['true'] } })),
    ).toThrow(/httpGet/);
    // biome-ignore-end lint/suspicious/noExplicitAny: editing free-form YAML.
  });

  it('reads Kubernetes quantities', () => {
    expect([cpus('1'), cpus('250m'), cpus(undefined)]).toEqual([1, 0.25, null]);
    expect([bytes('320Mi'), bytes('1G'), bytes('64Mi')]).toEqual([320 * 1024 ** 2, 1e9, 64 * 1024 ** 2]);
    expect(() => bytes('lots')).toThrow(/unreadable/);
  });
});

describe("a deployable's environment on this machine", () => {
  const stores = SAMPLE_ROUTES;

  it("keeps the manifests' host names and database role, and takes the local stores' ports, database and vhost", () => {
    const secret = runSecrets();
    const auth = localEnvironment(
      plans.find((p) => p.name === 'auth')!.env,
      stores,
      secret,
      'http://127.0.0.1:1',
    );
    expect(auth.env).toMatchObject({
      DATABASE_URL: 'postgres://mathgames_auth@postgres:41001/mg_test_1',
      REDIS_URL: 'redis://redis:41002',
      AMQP_URL: 'amqp://guest:guest@rabbitmq:41003/mg_test_1',
      REDIS_PREFIX: 'mgtest:1:',
      PUBLIC_URL: 'http://127.0.0.1:1',
      AUTH_URL: 'http://auth:4001',
      NODE_ENV: 'development',
    });
    expect(auth.env.INTERNAL_SECRET).toHaveLength(48);
    const mail = localEnvironment(plans.find((p) => p.name === 'mail-worker')!.env, stores, secret, '');
    expect(mail.env.SMTP_URL).toBe('smtp://smtp:41004');
    // One secret per key for the whole run: every deployable verifies the gateway's signature with the same one.
    const gateway = localEnvironment(plans.find((p) => p.name === 'gateway')!.env, stores, secret, '');
    expect(gateway.env.INTERNAL_SECRET).toBe(auth.env.INTERNAL_SECRET);
    expect(auth.changed).not.toContain('AUTH_URL');
  });

  it('refuses a placeholder it cannot fill', () => {
    expect(() =>
      localEnvironment({ OTHER_URL: 'https://REPLACE_ME@example.org' }, stores, runSecrets(), ''),
    ).toThrow(/OTHER_URL/);
  });
});
