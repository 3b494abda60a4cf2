/**
 * Last step of `npm run build` (after the pre-render): bundles `src/service-worker/worker.ts` (Workbox 7 modules,
 * the unsent-results queue) and lets Workbox's `injectManifest` write it as `dist/sw.js` with the list of every
 * built file (shell, pre-rendered pages, route chunks, styles, fonts, icons, manifest) under content revisions,
 * so a pupil who opened the app once can open it and play with no network. Runs after the pre-render because
 * the pages it writes belong in the precache (which is why this is not vite-plugin-pwa's in-build step).
 * What the worker does is described in `src/service-worker/worker.ts`.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';

const FRONTEND = fileURLToPath(new URL('..', import.meta.url));
// WEB_BUILD_DIR: where vite.config.ts had the build write (default dist).
const DIST = process.env.WEB_BUILD_DIR ?? join(FRONTEND, 'dist');
const bundleDir = mkdtempSync(join(tmpdir(), 'mathgames-sw-'));

try {
  await build({
    configFile: false,
    root: FRONTEND,
    logLevel: 'warn',
    // Workbox logs only in development builds.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    resolve: { conditions: ['source', 'module', 'browser', 'import', 'default'] },
    build: {
      outDir: bundleDir,
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      // A classic script (what `register('/sw.js')` loads): one file, no imports.
      lib: {
        entry: join(FRONTEND, 'src/service-worker/worker.ts'),
        formats: ['iife'],
        name: 'mathgamesWorker',
        fileName: () => 'sw.js',
      },
    },
  });

  const { count, size, warnings } = await injectManifest({
    swSrc: join(bundleDir, 'sw.js'),
    swDest: join(DIST, 'sw.js'),
    globDirectory: DIST,
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest,txt}'],
    // The social-sharing image is for crawlers, not for play.
    globIgnores: ['og-image.png', 'sw.js', 'workbox-*.js'],
    // Vite's content hash is in these names: the name is the revision.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });
  for (const warning of warnings) console.warn(warning);
  console.log(`service worker: ${count} files precached, ${(size / 1024).toFixed(0)} KB`);
} finally {
  rmSync(bundleDir, { recursive: true, force: true });
}
