// Writes infra/test-timings.json, the durations the test order falls back to when no earlier run's report exists
// (a fresh clone, CI): `make test-timings` after a `make test`. Reads the reports of the last run (and of the run
// before it, for files the last run did not reach); the committed file is generated, never edited by hand.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { durationsFromReports, mergeDurations, timingsJson } from './test-order.js';

const root = join(import.meta.dirname, '../..');
const reports = (dir: string) => ['main.json', 'e2e.json'].map((name) => join(root, dir, name));
const durations = mergeDurations(
  durationsFromReports(root, reports('.tmp/test-reports-previous')),
  durationsFromReports(root, reports('.tmp/test-reports')),
);
if (durations.size === 0) {
  process.stderr.write('no test report in .tmp/test-reports: run `make test` first\n');
  process.exit(1);
}
writeFileSync(join(root, 'infra/test-timings.json'), timingsJson(durations));
process.stdout.write(`infra/test-timings.json: ${durations.size} files\n`);
