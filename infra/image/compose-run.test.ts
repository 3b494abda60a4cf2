import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  type ComposeFile,
  readCompose,
  readWorkloads,
  renderKustomization,
  repoPath,
} from '../../k8s/manifest-helpers.js';
import { COMPOSE_CHANGES, COMPOSE_OVERRIDE, composeVariables } from './compose-run.js';
import { externalServices } from './pod-plan.js';
import { SAMPLE_ROUTES } from './sample-routes.js';

// `IMAGE_TEST_RUNNER=compose make image-test` runs docker-compose.yml's app services with this override.
const compose = readCompose();
const override = parse(readFileSync(repoPath(COMPOSE_OVERRIDE), 'utf8'), { merge: true }) as ComposeFile & {
  services: Record<string, { extra_hosts?: string[] }>;
};
const stores = externalServices(renderKustomization('k8s/overlays/dev'));

describe('the podman-compose override', () => {
  it('changes every app service of docker-compose.yml and nothing else', () => {
    expect(Object.keys(override.services).sort()).toEqual(
      readWorkloads()
        .map((d) => d.name)
        .sort(),
    );
  });

  it.each(Object.keys(override.services))(
    'keeps the database role of %s and changes only where its stores are',
    (name) => {
      const original = compose.services[name]!;
      const local = override.services[name]!;
      for (const key of Object.keys(local.environment ?? {})) expect(COMPOSE_CHANGES, key).toContain(key);
      const url = (value: unknown) => new URL(String(value).replace(/\$\{\w+\}/g, '1'));
      if (original.environment?.DATABASE_URL)
        expect(url(local.environment?.DATABASE_URL).username).toBe(
          url(original.environment.DATABASE_URL).username,
        );
      else expect(local.environment?.DATABASE_URL).toBeUndefined();
      expect(local.extra_hosts?.map((entry) => entry.split(':')[0]).sort()).toEqual([...stores].sort());
    },
  );

  it('fills every variable it names', () => {
    const text = readFileSync(repoPath(COMPOSE_OVERRIDE), 'utf8');
    const named = new Set([...text.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]));
    const given = composeVariables(SAMPLE_ROUTES, 'localhost/mathgames/app:local', 'http://127.0.0.1:1');
    expect(Object.keys(given).sort()).toEqual([...named].sort());
    expect(given).toMatchObject({
      MG_DATABASE: 'mg_test_1',
      MG_AMQP_URL: 'amqp://guest:guest@rabbitmq:41003/mg_test_1',
      MG_SMTP_URL: 'smtp://smtp:41004',
    });
  });
});
