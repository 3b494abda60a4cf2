import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources ("source" export condition), so tests never need a build.
// On the server side keep Node's own conditions: 'module'/'import' would load ESM builds that some CommonJS
// dependencies (prom-client's @opentelemetry/api, express's is-promise) cannot load.
export default defineConfig({
  resolve: { conditions: ['source', 'module', 'browser', 'import', 'default'] },
  ssr: { resolve: { conditions: ['source', 'node', 'default'], externalConditions: ['source'] } },
  test: {
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
          fileParallelism: false,
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
