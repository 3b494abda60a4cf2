import { DEPLOYABLES, isWritten, READINESS_PROBE } from '@mathgames/test-stack';
import { describe, expect, it } from 'vitest';
import { OVERLAYS, readDeployables, renderKustomization } from './manifest-helpers.js';

// `make start`, the browser tests and the benchmarks start what @mathgames/test-stack lists: the same processes,
// packages, entry points and ports as the deployables table that Kubernetes and Compose are checked against.
describe('the test stack', () => {
  it('starts every long-running deployable of docs/conventions.md, from the same entry point on the same port', () => {
    const documented = readDeployables()
      .filter((d) => d.port !== null)
      .map((d) => ({ name: d.name, dir: d.packageDir, entry: d.entry, port: d.port }));
    const started = DEPLOYABLES.map((d) => ({ name: d.name, dir: d.dir, entry: d.entry, port: d.port }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(started.sort(byName)).toEqual(documented.sort(byName));
    for (const d of DEPLOYABLES) expect(isWritten(d), d.name).toBe(true);
  });

  it("takes a replica out of and back into HAProxy's rotation on the pods' readiness probe", () => {
    const balanced = new Set(
      DEPLOYABLES.filter((d) => d.urlVariable || d.name === 'gateway').map((d) => d.name),
    );
    const deployments = renderKustomization(OVERLAYS.prod).filter(
      (m) => m.kind === 'Deployment' && balanced.has(m.metadata.name),
    );
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...balanced].sort());
    for (const deployment of deployments) {
      const probe = deployment.spec.template.spec.containers[0].readinessProbe;
      const { periodSeconds, timeoutSeconds, failureThreshold } = probe;
      expect(
        { path: probe.httpGet.path, periodSeconds, timeoutSeconds, failureThreshold },
        deployment.metadata.name,
      ).toEqual(READINESS_PROBE);
    }
  });
});
