import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `source` first: workspace packages (contracts) are consumed from their TypeScript sources.
const conditions = ['source', 'module', 'browser', 'import', 'default'];

// Absolute URLs in the static head (social crawlers run no script): the site root from PUBLIC_URL (conventions).
process.env.VITE_PUBLIC_URL ??= (process.env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/+$/, '');

export default defineConfig({
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
  ],
  resolve: { conditions },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
});
