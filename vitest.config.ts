import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests (node), web component tests (jsdom), API integration tests (real database).
// Two workers each, not Vitest's default of one fewer than the cores (one here): much of a file's time is importing
// and setting up jsdom, which two workers overlap.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          maxWorkers: 2,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/bench/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        plugins: [react()],
        // The browser's builds of packages that have one (Svelte, under the scheduler's calendar), as Vite bundles.
        resolve: { conditions: ['browser'] },
        test: {
          name: 'web',
          maxWorkers: 2,
          // A worker keeps its module cache from file to file (the web tests took 148 s isolated, 51 s not): each file
          // imported React, Mantine and the app afresh. Safe while no web test mocks a module (vi.mock) and module
          // state is reset after each test (apps/web/test-setup.ts); files pass in any order (--sequence.shuffle.files).
          isolate: false,
          // Bundled by Vite, not loaded by Node, so the browser's builds above are the ones used.
          server: { deps: { inline: ['@event-calendar/core', 'svelte'] } },
          // Component tests; a pure-logic test opts into node with `// @vitest-environment node` (docs/web.md).
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/test-setup.ts'],
          // The tests' browser is in Melbourne, as the journeys' is; times show in the organisation's zone whatever it is.
          env: { TZ: 'Australia/Melbourne' },
          // A user-event journey through a page takes a few seconds on a busy 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts', 'apps/server/bench/**/*.api.test.ts'],
          // Migrates one template database per run; each test file opens a copy of it (openTestDatabase).
          globalSetup: ['apps/server/src/test-support/global-setup.ts'],
          // Files are independent (a database of their own each), so two run at once even on 2 cores: much of a
          // file's time is spent waiting on PostgreSQL, a spawned server or scrypt, not on this process.
          maxWorkers: 2,
          // A worker keeps its module cache from file to file instead of importing the app afresh for each (about
          // 3 s a file). Safe because server modules keep no state at module level (state lives on the app and
          // database instances each file creates) and no API test mocks or stubs modules; keep it that way.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
