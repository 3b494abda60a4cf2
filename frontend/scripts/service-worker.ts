/**
 * Last step of `npm run build` (after the pre-render): Workbox writes `dist/sw.js`, which precaches the whole
 * built app (shell, pre-rendered pages, route chunks, styles, fonts, icons, manifest) under content revisions,
 * so a pupil who opened the app once can open it and play with no network. Runs after the pre-render because
 * the pages it writes belong in the precache (which is why this is not vite-plugin-pwa's in-build step).
 *
 * - Hashed `/assets/*` and every other precached file: cache-first from the precache, one consistent version.
 * - Page loads: the network (the gateway's pre-rendered page in the visitor's language), and when it fails the
 *   precached shell, which renders any route. Page HTML is never cached at run time: a cached page could name
 *   assets of a build whose precache is gone.
 * - `/api/*` is never cached or answered by the worker: data is never served stale as if fresh.
 * - A new build's worker waits (no skipWaiting) until the page asks it to take over, after the child accepts
 *   the "new version ready" prompt (`src/lib/service-worker.ts`): a tab never mixes two versions.
 */

import { fileURLToPath } from 'node:url';
import { generateSW } from 'workbox-build';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));

const { count, size, warnings } = await generateSW({
  globDirectory: DIST,
  swDest: `${DIST}/sw.js`,
  globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest,txt}'],
  // The social-sharing image is for crawlers, not for play.
  globIgnores: ['og-image.png', 'sw.js', 'workbox-*.js'],
  // Vite's content hash is in these names: the name is the revision.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  cleanupOutdatedCaches: true,
  clientsClaim: false,
  skipWaiting: false,
  inlineWorkboxRuntime: true,
  sourcemap: false,
  navigateFallback: null,
  runtimeCaching: [
    {
      urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
      handler: 'NetworkOnly',
      options: { precacheFallback: { fallbackURL: '/index.html' } },
    },
  ],
});
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} files precached, ${(size / 1024).toFixed(0)} KB`);
