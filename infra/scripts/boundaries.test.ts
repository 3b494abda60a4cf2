import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The import boundaries of `make lint` (.dependency-cruiser.cjs): the tree as it is passes, and a commit that adds
// a forbidden import fails. The probes are real files in the tree (the rules match paths), removed afterwards.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const depcruise = join(root, 'node_modules/.bin/depcruise');
const tag = `boundary-probe-${process.pid}`;

interface Outcome {
  code: number;
  output: string;
}

async function cruise(paths: string[], extra: string[] = []): Promise<Outcome> {
  const args = ['--config', '.dependency-cruiser.cjs', ...extra, ...paths];
  try {
    const { stdout, stderr } = await run(depcruise, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** Each probe breaks one rule with one import. */
const probes: { rule: string; file: string; text: string }[] = [
  {
    rule: 'no-cross-feature',
    file: `frontend/src/features/${tag}/probe.ts`,
    text: "export * from '../badges/components/badge-card.js';\n",
  },
  {
    rule: 'no-service-to-service',
    file: `services/badges/src/${tag}/probe.ts`,
    text: "export * from '../../../auth/src/index.js';\n",
  },
  {
    rule: 'no-gateway-to-service',
    file: `gateway/src/${tag}/probe.ts`,
    text: "export * from '../../../services/classes/src/index.js';\n",
  },
  {
    rule: 'contracts-without-io',
    file: `services/libs/contracts/src/${tag}/probe.ts`,
    text: "import pg from 'pg';\nexport const pool = pg.Pool;\n",
  },
  {
    rule: 'contracts-without-io-builtins',
    file: `services/libs/contracts/src/${tag}/probe-fs.ts`,
    text: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  },
  {
    rule: 'frontend-without-server-code',
    file: `frontend/src/${tag}/probe.ts`,
    text: "export * from '../../../services/libs/platform/src/index.js';\n",
  },
  {
    rule: 'shared-frontend-without-features',
    file: `frontend/src/lib/${tag}/probe.ts`,
    text: "export * from '../../features/badges/components/badge-card.js';\n",
  },
  {
    rule: 'data-access-without-domain',
    file: `services/badges/src/data-access/${tag}/probe.ts`,
    text: "export * from '../../domain/user-badges.js';\n",
  },
  {
    rule: 'production-without-test-support',
    file: `gateway/src/${tag}/probe-testing.ts`,
    text: "export * from '../../../services/libs/platform/src/testing/index.js';\n",
  },
  {
    rule: 'infra-through-package-exports',
    file: `infra/${tag}/probe.ts`,
    text: "export * from '../../services/auth/src/domain/passwords.js';\n",
  },
  {
    rule: 'no-non-package-json',
    file: `services/badges/src/${tag}/probe-undeclared.ts`,
    text: "import fc from 'fast-check';\nexport const integers = fc.integer;\n",
  },
  {
    rule: 'features-without-app-or-routes',
    file: `frontend/src/features/${tag}/probe-app.ts`,
    text: "export * from '../../app/provider.js';\n",
  },
  {
    rule: 'domain-without-entry-points',
    file: `services/badges/src/domain/${tag}/probe.ts`,
    text: "export * from '../../entry-points/http/routes.js';\n",
  },
  {
    rule: 'no-orphans',
    file: `services/libs/platform/src/${tag}/orphan.ts`,
    text: 'export const unused = 1;\n',
  },
  {
    rule: 'no-circular',
    file: `services/libs/platform/src/${tag}/probe-a.ts`,
    text: "import { b } from './probe-b.js';\nexport const a = () => b;\n",
  },
  {
    rule: 'no-circular',
    file: `services/libs/platform/src/${tag}/probe-b.ts`,
    text: "import { a } from './probe-a.js';\nexport const b = () => a;\n",
  },
];

const probeDirectories = [...new Set(probes.map((probe) => dirname(join(root, probe.file))))];
afterAll(() => {
  for (const directory of probeDirectories) rmSync(directory, { recursive: true, force: true });
});

describe('import boundaries (make lint)', () => {
  // The same command as `npm run lint:boundaries` (and its cache: right after `make lint` this takes a second).
  it('the tree passes', async () => {
    const outcome = await cruise(['frontend', 'gateway', 'services', 'infra', 'k8s']);
    expect(outcome.output).toContain('no dependency violations found');
    expect(outcome.code).toBe(0);
  });

  it('a forbidden import fails, one per rule', async () => {
    for (const probe of probes) {
      mkdirSync(dirname(join(root, probe.file)), { recursive: true });
      writeFileSync(join(root, probe.file), probe.text);
    }
    // Only the probes and two levels of what they import: the rules judge single imports, the cycle is two files.
    const outcome = await cruise(
      probes.map((probe) => probe.file),
      ['--max-depth', '2', '--no-cache'],
    );
    expect(outcome.code).not.toBe(0);
    for (const probe of probes) {
      expect(outcome.output, probe.rule).toContain(`error ${probe.rule}: ${dirname(probe.file)}/`);
    }
  });
});
