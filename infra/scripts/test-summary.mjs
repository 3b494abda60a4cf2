// Prints the one summary line of `make test` ("N passed, N failed[, N skipped]") from Vitest JSON reports and
// exits non-zero on any failure. Usage: node test-summary.mjs <failed-step-count> <report.json>...
// A report that is missing (Vitest crashed) or a test file that failed to load counts as a failure, so
// "0 failed" always means everything ran and passed. Failed non-test steps (typecheck, lint, build) count too.
// Above the summary it lists the slowest test files (SLOWEST_FILES, default 10; 0 lists none), where CI time goes,
// and then every failed test with the first line of its message, so the last lines of a CI log name what failed.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const [stepFailures = '0', ...reports] = process.argv.slice(2);
let passed = 0;
let failed = Number(stepFailures);
let skipped = 0;
const durations = [];
const failures = [];
const firstLine = (message) =>
  stripVTControlCharacters(String(message ?? ''))
    .split('\n')[0]
    .slice(0, 300);

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
    if (suite.startTime && suite.endTime)
      durations.push({
        file: relative(process.cwd(), suite.name),
        seconds: (suite.endTime - suite.startTime) / 1000,
      });
    for (const test of suite.assertionResults ?? [])
      if (test.status === 'failed')
        failures.push(
          `${relative(process.cwd(), suite.name)} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
        );
    const failedInside = (suite.assertionResults ?? []).some((a) => a.status === 'failed');
    if (suite.status === 'failed' && !failedInside) {
      process.stdout.write(`test file failed to run: ${suite.name}\n`);
      failed += 1;
    }
  }
}

const slowest = Number(process.env.SLOWEST_FILES ?? 10);
if (slowest > 0 && durations.length > 0) {
  process.stdout.write('slowest test files:\n');
  for (const { file, seconds } of durations.sort((a, b) => b.seconds - a.seconds).slice(0, slowest))
    process.stdout.write(`${seconds.toFixed(0).padStart(6)} s  ${file}\n`);
}
for (const failure of failures) process.stdout.write(`FAILED ${failure}\n`);
process.stdout.write(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 ? 1 : 0);
