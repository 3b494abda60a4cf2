import { describe, expect, it } from 'vitest';
import { renderKustomization } from '../../k8s/manifest-helpers.js';
import { type PlayOptions, playedDeployment } from './kube-play.js';
import { containerPlans } from './pod-plan.js';
import { PID_LABEL, RUN_LABEL } from './podman.js';

// What `IMAGE_TEST_RUNNER=kube-play make image-test` hands `podman kube play`: the rendered Deployment, changed only
// where this machine needs it.
const objects = renderKustomization('k8s/overlays/dev');
const plans = containerPlans(objects);
const options = {
  network: 'mg-image-0a1b2c3d',
  runId: '0a1b2c3d',
  image: 'localhost/mathgames/app:local',
  publish: { name: 'gateway', hostPort: 40123 },
} as PlayOptions;
const aliases = [{ ip: '10.89.0.1', hostnames: ['postgres'] }];
const played = (name: string) =>
  playedDeployment(objects, plans.find((p) => p.name === name)!, aliases, options);
const rendered = (name: string) => objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name)!;

describe('a Deployment as the image test plays it', () => {
  it("keeps the pod spec's security, probes, resources and command", () => {
    const [before] = rendered('auth').spec.template.spec.containers;
    const [after] = played('auth').spec.template.spec.containers;
    for (const field of [
      'securityContext',
      'startupProbe',
      'livenessProbe',
      'readinessProbe',
      'resources',
      'command',
    ])
      expect(after[field], field).toEqual(before[field]);
    expect(played('auth').spec.template.spec.securityContext).toEqual(
      rendered('auth').spec.template.spec.securityContext,
    );
  });

  it("takes the run's names, image, host aliases and labels", () => {
    const auth = played('auth');
    expect(auth.metadata.name).toBe('mg-image-0a1b2c3d-auth');
    const pod = auth.spec.template.spec;
    expect(pod.containers[0].image).toBe('localhost/mathgames/app:local');
    expect(pod.hostAliases).toEqual(aliases);
    expect(pod.containers[0].envFrom.map((s: object) => Object.values(s)[0].name)).toEqual(
      rendered('auth').spec.template.spec.containers[0].envFrom.map(
        (s: object) => `mg-image-0a1b2c3d-${Object.values(s)[0].name}`,
      ),
    );
    expect(pod.volumes[0].name).toBe(pod.containers[0].volumeMounts[0].name);
    expect(auth.spec.template.metadata.labels).toMatchObject({
      [RUN_LABEL]: '0a1b2c3d',
      [PID_LABEL]: String(process.pid),
    });
  });

  it('publishes only the Ingress backend, on 127.0.0.1', () => {
    expect(played('gateway').spec.template.spec.containers[0].ports[0]).toMatchObject({
      containerPort: 8080,
      hostPort: 40123,
      hostIP: '127.0.0.1',
    });
    expect(played('auth').spec.template.spec.containers[0].ports[0].hostPort).toBeUndefined();
  });

  it('leaves the rendered objects as they were', () => {
    played('gateway');
    expect(rendered('gateway').metadata.name).toBe('gateway');
    expect(rendered('gateway').spec.template.spec.containers[0].ports[0].hostPort).toBeUndefined();
  });
});
