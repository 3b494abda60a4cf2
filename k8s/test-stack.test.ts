import { DEPLOYABLES, isWritten } from '@mathgames/test-stack';
import { describe, expect, it } from 'vitest';
import { readDeployables } from './manifest-helpers.js';

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
});
