import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const conditions = ['source', 'module', 'browser', 'import', 'default'];

export default defineConfig({
  plugins: [react()],
  resolve: { conditions },
  test: {
    name: 'frontend',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
  },
});
