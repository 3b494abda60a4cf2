import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Workspace packages resolve to their TypeScript sources ("source" export condition), so tests never need a build.
// On the server side keep Node's own conditions: 'module'/'import' would load ESM builds that some CommonJS
// dependencies (prom-client's @opentelemetry/api, express's is-promise) cannot load.
// Files run at once (docs/testing.md, "CI"): most integration and browser files spend their time waiting (outages,
// backoff, a browser waiting for a screen), so two at once on this 2-core machine use the idle time. Each file
// keeps its own database, Redis prefix, vhost and (e2e) whole stack, so running files together shares no state.
// Vitest's default would be one file at a time here (cores - 1); TEST_WORKERS / E2E_WORKERS override.
const workers = (variable: string | undefined, fallback: number) =>
  Math.max(1, Number(variable ?? fallback) || fallback);

/**
 * The files that take longest (measured in `make test`; docs/testing.md, "CI"), longest first. They start first, so no long
 * file starts last and runs alone while the other worker idles; the rest keep Vitest's order (its cache of
 * earlier durations when there is one, which `npm ci` deletes, else the larger file first). A file missing here
 * only starts later; a file renamed here is ignored.
 */
const LONGEST_FIRST = [
  'test-stack/src/journeys/game-results/fault-suite.test.ts',
  'test-stack/src/journeys/replicas/kill-replicas.test.ts',
  'test-stack/src/journeys/game-results/bad-input/bad-input.test.ts',
  'test-stack/src/journeys/auth/mail-delivery.test.ts',
  'services/game-results/src/statistics-outage.test.ts',
  'services/mail/src/mail-outage.test.ts',
  'services/libs/contracts/src/questions/generator.test.ts',
  'gateway/src/limits/overload.test.ts',
  'infra/scripts/spa-build.test.ts',
  'gateway/src/limits/fair-overload.test.ts',
  'test-stack/src/journeys/game-results/results-chaos.test.ts',
  'test-stack/src/journeys/observability/dashboards.test.ts',
  'test-stack/src/journeys/backup/restore.test.ts',
  'test-stack/src/journeys/tracing/result-trace.test.ts',
  'test-stack/src/journeys/classes/pupil-facts.test.ts',
  'test-stack/src/journeys/classes/pupil-sign-in-link.test.ts',
  'services/libs/platform/src/messaging/outbox/outbox-relay.test.ts',
  'frontend/e2e/audit.test.ts',
  'frontend/e2e/fact-fluency.test.ts',
  'frontend/e2e/offline-sync.test.ts',
  'frontend/e2e/offline-pages.test.ts',
  'frontend/e2e/class-dashboard.test.ts',
  'frontend/e2e/play.test.ts',
  'frontend/e2e/profile.test.ts',
  'frontend/e2e/learning.test.ts',
  'frontend/e2e/pupil-sign-in.test.ts',
  'frontend/e2e/layout.test.ts',
  'frontend/e2e/assignments.test.ts',
  'frontend/e2e/pupil-qr-sign-in.test.ts',
  'frontend/e2e/classes.test.ts',
  'frontend/e2e/class-list-import.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    const ordered = await super.sort(files);
    return ordered
      .map((spec, index) => ({ spec, index, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  resolve: { conditions: ['source', 'module', 'browser', 'import', 'default'] },
  ssr: { resolve: { conditions: ['source', 'node', 'default'], externalConditions: ['source'] } },
  test: {
    maxWorkers: workers(process.env.TEST_WORKERS, 2),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['services/libs/contracts/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: [
            'services/**/src/**/*.test.ts',
            'test-stack/src/**/*.test.ts',
            'gateway/src/**/*.test.ts',
            'infra/**/*.test.ts',
            'k8s/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/dist/**', 'services/libs/contracts/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'frontend/vitest.config.ts',
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['frontend/e2e/**/*.test.ts'],
          // Each file starts its own whole stack (9 processes) and browser; two files at once overlap one
          // file's waits with the other's work. E2E_WORKERS=1 runs them one at a time.
          maxWorkers: workers(process.env.E2E_WORKERS, 2),
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // A real browser on a busy 2-core machine: a screen may take seconds to change (Playwright's own
          // waits allow 30 s); the 1 s default made expect.poll flaky (the verified toast after hydration).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
