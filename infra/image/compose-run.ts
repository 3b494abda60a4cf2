import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { databaseName } from '@mathgames/platform';
import { repoRoot } from '../../k8s/manifest-helpers.js';
import { localEnvironment, type StoreRoutes } from './local-stores.js';
import type { ContainerPlan } from './pod-plan.js';
import { CONTAINERS_CONF, PID_LABEL, RUN_LABEL } from './podman.js';

const run = promisify(execFile);

/** The override that points docker-compose.yml's app services at this machine's stores. */
export const COMPOSE_OVERRIDE = 'infra/image/compose.podman.yml';

/** The variables whose value compose.podman.yml changes for this machine (and the image it runs). */
export const COMPOSE_CHANGES = [
  'AMQP_URL',
  'DATABASE_URL',
  'PUBLIC_URL',
  'REDIS_PREFIX',
  'REDIS_URL',
  'SMTP_URL',
];

/** The values compose.podman.yml interpolates: where the relays are, and the run's database, prefix and vhost. */
export function composeVariables(
  stores: StoreRoutes & { address: string },
  image: string,
  publicUrl: string,
): Record<string, string> {
  // The same rewriting as the pods get, from URLs that name the stores as the override's extra_hosts do.
  const { env } = localEnvironment(
    {
      REDIS_URL: 'redis://redis',
      AMQP_URL: 'amqp://rabbitmq',
      SMTP_URL: 'smtp://smtp',
      REDIS_PREFIX: '',
      PUBLIC_URL: '',
    },
    stores,
    () => '',
    publicUrl,
  );
  return {
    IMAGE: image,
    MG_STORES_HOST: stores.address,
    MG_POSTGRES_PORT: String(stores.ports.postgres),
    MG_DATABASE: databaseName(stores.urls.postgres!),
    MG_REDIS_URL: env.REDIS_URL!,
    MG_REDIS_PREFIX: env.REDIS_PREFIX!,
    MG_AMQP_URL: env.AMQP_URL!,
    MG_SMTP_URL: env.SMTP_URL!,
    MG_PUBLIC_URL: env.PUBLIC_URL!,
  };
}

/**
 * Starts one service of docker-compose.yml with podman-compose 1.0.3, as its own container on the project network.
 * `run --no-deps`, not `up`: 1.0.3's `up` starts a service's dependencies whatever `--no-deps` says (here the
 * store services, whose images cannot be pulled) and would publish the gateway on the fixed port 8080; `run`
 * publishes nothing (the run relays the gateway to a free port instead). Resolves with the container's name.
 */
export function composeStarter(
  project: string,
  runId: string,
  variables: Record<string, string>,
): (plan: ContainerPlan, attempt?: number) => Promise<string> {
  return async (plan, attempt = 1) => {
    const name = `${project}_${plan.name}_${attempt}`;
    const labels = `--label ${RUN_LABEL}=${runId} --label ${PID_LABEL}=${process.pid}`;
    const args = [
      '-p',
      project,
      '-f',
      'docker-compose.yml',
      '-f',
      COMPOSE_OVERRIDE,
      '--podman-run-args',
      labels,
    ];
    try {
      await run('podman-compose', [...args, 'run', '-d', '--no-deps', '--name', name, plan.name], {
        cwd: repoRoot,
        env: { ...process.env, ...variables, CONTAINERS_CONF },
        timeout: 120_000,
      });
    } catch (err) {
      const { stdout, stderr } = err as { stdout?: string; stderr?: string };
      throw new Error(`podman-compose run ${plan.name} failed:\n${stdout ?? ''}${stderr ?? ''}`);
    }
    return name;
  };
}
