import { describe, expect, it } from 'vitest';
import { byKind, OVERLAYS, readYamlDocuments, renderKustomization } from './manifest-helpers.js';

// A release sets the tag with `kustomize edit set image mathgames=…` in the overlay (docs/operations/migrations.md, "Rolling
// out a migration"): that entry must be what every pod runs, or a rollout would keep pulling another build.
describe.each(Object.entries(OVERLAYS))('the %s overlay', (_, dir) => {
  it('runs every Deployment and Job on the image and tag its own kustomization names for `mathgames`', () => {
    const [kustomization] = readYamlDocuments(`${dir}/kustomization.yaml`);
    const entry = (kustomization?.images ?? []).find((image: { name: string }) => image.name === 'mathgames');
    expect(entry?.newTag, 'an images entry for mathgames with a tag').toBeDefined();
    const objects = renderKustomization(dir);
    const images = [...byKind(objects, 'Deployment'), ...byKind(objects, 'Job')].flatMap((workload) =>
      workload.spec.template.spec.containers.map((container: { image: string }) => container.image),
    );
    expect(images.length).toBeGreaterThan(0);
    expect([...new Set(images)]).toEqual([`${entry.newName}:${entry.newTag}`]);
  });
});
