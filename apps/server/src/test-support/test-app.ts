import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
}

/** The real app (embedded issuer, real database) for API tests driven with `app.inject`. */
export async function createTestApp(settings: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: 'false', ...settings });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
