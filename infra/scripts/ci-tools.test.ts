import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A Debian package the tests need is installed by `.ci/run`, named in the README with its install command (where a
// developer learns to install it) and in the CI section of docs/testing.md: the three say the same, so a new tool
// cannot reach one and miss the others.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ciRun = readFileSync(join(root, '.ci/run'), 'utf8');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const testing = readFileSync(join(root, 'docs/testing.md'), 'utf8');
const ciSection = testing.slice(
  testing.indexOf('## CI'),
  testing.indexOf('\n## ', testing.indexOf('## CI') + 1),
);
const installed = [...ciRun.matchAll(/missing\+=\(([a-z0-9-]+)\)/g)].map((m) => m[1]!);
const display: Record<string, string> = {
  chromium: 'Chromium',
  haproxy: 'HAProxy',
  prometheus: 'Prometheus',
};

describe('the tools CI installs', () => {
  it('include Chromium, HAProxy and Prometheus', () => {
    expect(installed).toEqual(expect.arrayContaining(['chromium', 'haproxy', 'prometheus']));
  });

  it.each(installed)(
    '%s is named in the README with its install command, and in the CI section of docs/testing.md',
    (pkg) => {
      expect(readme).toContain(`apt-get install -y ${pkg}`);
      expect(ciSection).toContain(display[pkg] ?? pkg);
    },
  );
});
