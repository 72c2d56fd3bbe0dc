import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from '../apps/server/src/test-support/free-port.ts';
import { findHeadlessChromium } from './chromium.ts';

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'fieldbook-e2e-'));
const port = process.env.E2E_PORT;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './journeys',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    // A failed journey keeps its trace: the DOM at every step, the network and the console. Not the screencast's
    // frames, which Chromium would encode all through every journey that passes too (a third of the suite's CPU).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    locale: 'en-AU',
    timezoneId: 'Australia/Melbourne',
    // The app's service worker would serve every page from what it kept, past the routes a journey sets up and
    // across journeys: only the journeys about the installable app allow it (installable.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: findHeadlessChromium(),
          args: [
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node apps/server/src/main.ts',
    cwd: '..',
    url: `${baseURL}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // As behind one load balancer: a journey that signs up several people sends each from an address of its
      // own (X-Forwarded-For), as they would be, so the sign-up throttle counts them apart (team.spec.ts).
      TRUST_PROXY: '1',
    },
  },
});
