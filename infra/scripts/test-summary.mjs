// Prints the one summary line of `make test` ("N passed, N failed[, N skipped]") from Vitest JSON reports and
// exits non-zero on any failure. Usage: node test-summary.mjs <failed-step-count> <report.json>...
// A report that is missing (Vitest crashed) or a test file that failed to load counts as a failure, so
// "0 failed" always means everything ran and passed. Failed non-test steps (typecheck, lint, build) count too.
import { existsSync, readFileSync } from 'node:fs';

const [stepFailures = '0', ...reports] = process.argv.slice(2);
let passed = 0;
let failed = Number(stepFailures);
let skipped = 0;

for (const file of reports) {
  if (!existsSync(file)) {
    process.stdout.write(`missing test report ${file} (the run crashed)\n`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const failedInside = (suite.assertionResults ?? []).some((a) => a.status === 'failed');
    if (suite.status === 'failed' && !failedInside) {
      process.stdout.write(`test file failed to run: ${suite.name}\n`);
      failed += 1;
    }
  }
}

process.stdout.write(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 ? 1 : 0);
