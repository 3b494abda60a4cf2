import { DEPLOYABLES as PLATFORM_DEPLOYABLES } from '@mathgames/platform';
import { DEPLOYABLES, isWritten, READINESS_PROBE } from '@mathgames/test-stack';
import { describe, expect, it } from 'vitest';
import { OVERLAYS, readWorkloads, renderKustomization } from './manifest-helpers.js';

// `make start`, the browser tests and the benchmarks start what @mathgames/test-stack lists: platform's DEPLOYABLES
// itself (no copy), the table Kubernetes and Compose are checked against.
describe('the test stack', () => {
  it("starts platform's deployables table itself, every entry point of it written", () => {
    expect(DEPLOYABLES).toBe(PLATFORM_DEPLOYABLES);
    expect(readWorkloads().filter((d) => d.port !== null).length).toBe(DEPLOYABLES.length);
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
