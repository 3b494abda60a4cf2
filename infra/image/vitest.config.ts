import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import root from '../../vitest.config.js';

// The image test's own run (`make image-test`), never part of `make test`: it needs the image built first. Same
// module resolution as the root configuration; one file, its containers and one browser.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: root.resolve,
  ssr: root.ssr,
  test: {
    include: ['infra/image/*.image.ts'],
    environment: 'node',
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // Workers apply a result after the browser saw it stored; a loaded machine may take a while.
    expect: { poll: { timeout: 60_000 } },
  },
});
