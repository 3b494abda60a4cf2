// A Vitest reporter that writes each test file's whole time in its worker (environment, imports, setup files, hooks
// and tests) next to the json reporter's report: `.tmp/test-reports/main.json` gets `main.files.json`. The json
// reporter's own per-file span runs from the first test's start to the last test's end, so it leaves out a file's
// beforeAll (a journey's stack start and sign-ups: minutes for the replica test); the test order
// (infra/scripts/test-order.ts) reads these durations instead where they exist.
import { writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

const root = join(import.meta.dirname, '../..');

/** `<report>.files.json` beside the json reporter's output file, or null without one. */
export function filesReportPath(
  outputFile: string | Partial<Record<string, string>> | undefined,
): string | null {
  const json = typeof outputFile === 'string' ? outputFile : outputFile?.json;
  return json ? resolve(root, json.replace(/\.json$/, '.files.json')) : null;
}

export default class FileDurationsReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: readonly TestModule[]): void {
    const path = filesReportPath(this.vitest?.config.outputFile);
    if (!path) return;
    const files: Record<string, number> = {};
    for (const module of testModules) {
      const d = module.diagnostic();
      const ms =
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      files[relative(root, module.moduleId)] = Math.round(ms) / 1000;
    }
    writeFileSync(path, `${JSON.stringify({ files }, null, 2)}\n`);
  }
}
