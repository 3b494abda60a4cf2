import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// `source` first: workspace packages (contracts) are consumed from their TypeScript sources.
const conditions = ['source', 'module', 'browser', 'import', 'default'];

// Absolute URLs in the static head (social crawlers run no script): the site root from PUBLIC_URL (conventions).
process.env.VITE_PUBLIC_URL ??= (process.env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/+$/, '');

// Where the build writes (`WEB_BUILD_DIR`, absolute; default `dist`, the pre-render's server build beside it as
// `dist-ssr`): a test builds a copy without touching the one the gateway serves. scripts/prerender.ts and
// scripts/service-worker.ts read the same variable.
const outDir = process.env.WEB_BUILD_DIR ?? 'dist';

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always a production build, whatever the shell's NODE_ENV (`NODE_ENV=development make start` once
  // served React's development bundle and no service worker): Vite takes a development build from NODE_ENV, and
  // reads it again after this file. `make dev` (Vite's dev server) is the development build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config(isSsrBuild === true);
});

const config = (isSsrBuild: boolean): UserConfig => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The home page is the landing page: kept in the first download, saving a round trip before it paints.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined) },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      quoteStyle: 'single',
      semicolons: true,
      routeFileIgnorePattern: '\\.test\\.tsx?$',
    }),
    react(),
    tailwindcss(),
    // Hashed scripts and styles also as .br and .gz (best levels), served as they are by the gateway
    // (express-static-gzip): smaller downloads on school Wi-Fi, no compression work per request.
    !isSsrBuild &&
      compression({ include: /\.(js|css)$/, threshold: 1024, algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: { conditions },
  // The pre-render (server build of `src/prerender.tsx`) must print exactly what the browser's first render
  // produces, so that the page hydrates: the router is bundled in its browser build (its server build renders
  // for TanStack Start's streaming SSR, with other Suspense boundaries and inline scripts).
  ssr: { noExternal: [/^@tanstack\/(react-router|router-core)$/], resolve: { conditions } },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: isSsrBuild ? `${outDir}-ssr` : outDir,
    // Also when WEB_BUILD_DIR is outside this folder (Vite only empties its own by default).
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: !isSsrBuild,
    // The server build (`src/prerender.tsx`, used by `scripts/prerender.ts`) needs no copy of public/.
    copyPublicDir: !isSsrBuild,
    // The libraries every page starts with, in one chunk: one request instead of six, and a file that keeps its
    // name (and the pupils' cached copy) across app deploys until a library is upgraded. Only those: a library
    // named here lands in the first download even where it is imported lazily (the progress persister is).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules\/(react|react-dom|scheduler|@tanstack\/(react-router|router-core|history|store|react-store|query-core|react-query)|i18next|react-i18next|jotai|use-sync-external-store)\//,
                },
              ],
            },
          },
        },
  },
});
