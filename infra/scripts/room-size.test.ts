import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The size bounds of `make lint` (biome.json, docs/conventions.md): no file over 400 lines, no function over 120.
// The tree passes them (the lint step of `make test` says so); here a probe over each bound fails, so the rules
// cannot be switched off unnoticed. The probes are real files in a folder of their own at the root (Biome lints it;
// the import-boundary test, which may run meanwhile, never cruises it), removed afterwards.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const biome = join(root, 'node_modules/.bin/biome');
const folder = `room-size-probe-${process.pid}`;

async function lint(file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(biome, ['lint', file], { cwd: root, maxBuffer: 4 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const statements = (n: number) => Array.from({ length: n }, (_, i) => `  total += ${i};`).join('\n');
const probes = [
  {
    rule: 'lint/style/noExcessiveLinesPerFile',
    file: `${folder}/file.ts`,
    text: `${Array.from({ length: 401 }, (_, i) => `export const line${i} = ${i};`).join('\n')}\n`,
  },
  {
    rule: 'lint/complexity/noExcessiveLinesPerFunction',
    file: `${folder}/function.ts`,
    text: `export function long(): number {\n  let total = 0;\n${statements(120)}\n  return total;\n}\n`,
  },
];

beforeAll(() => mkdirSync(join(root, folder), { recursive: true }));
afterAll(() => rmSync(join(root, folder), { recursive: true, force: true }));

describe('room size (make lint)', () => {
  it.each(probes)('a probe over the bound fails $rule', async (probe) => {
    writeFileSync(join(root, probe.file), probe.text);
    const outcome = await lint(probe.file);
    expect(outcome.code).not.toBe(0);
    expect(outcome.output).toContain(probe.rule);
  });

  it('a function just inside the bound passes', async () => {
    const file = `${folder}/fits.ts`;
    writeFileSync(
      join(root, file),
      `export function fits(): number {\n  let total = 0;\n${statements(117)}\n  return total;\n}\n`,
    );
    const outcome = await lint(file);
    expect(outcome.output).not.toContain('noExcessiveLinesPerFunction');
    expect(outcome.code).toBe(0);
  });
});
