import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources ("source" export condition), so tests never need a build.
const conditions = ['source', 'module', 'node', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
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
          include: ['services/**/src/**/*.test.ts', 'gateway/src/**/*.test.ts', 'infra/**/*.test.ts', 'k8s/**/*.test.ts'],
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
        },
      },
    ],
  },
});
