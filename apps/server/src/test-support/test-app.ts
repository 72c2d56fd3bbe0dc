import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
}

/**
 * The real app (embedded issuer, real database) for API tests driven with `app.inject`; `renderer`: one the test
 * made (the app closes it).
 */
export async function createTestApp(
  settings: Record<string, string> = {},
  { renderer }: Pick<AppOptions, 'renderer'> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const files = await mkdtemp(join(tmpdir(), 'fieldbook-test-files-'));
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    FILES_DIR: files,
    ...settings,
  });
  const app = await buildApp({ config, database, logger: false, ...(renderer ? { renderer } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.drop();
      await rm(files, { recursive: true, force: true });
    },
  };
}
