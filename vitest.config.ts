import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests (node), web component tests (jsdom), API integration tests (real database).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          // Component tests; a pure-logic test opts into node with `// @vitest-environment node` (docs/web.md).
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/test-setup.ts'],
          // A user-event journey through a page takes a few seconds on a busy 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
