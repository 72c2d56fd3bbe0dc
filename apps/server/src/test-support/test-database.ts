import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { onServer } from './server-statement.ts';
import { type TestServer, testServer } from './test-server.ts';

/**
 * The migrated database that the api project's global setup (`global-setup.ts`) builds once per test run, and
 * that every test file clones: a closed PGlite data directory, or a database on the TEST_DATABASE_URL server.
 */
export type TestDatabaseTemplate =
  | { kind: 'pglite'; dataDir: string; clonesDir: string }
  | { kind: 'postgres'; serverUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate | undefined;
  }
}

/** `url`: the database's own URL on a PostgreSQL server (undefined on PGlite), for a test that opens it again. */
export type TestDatabase = Database & { url: string | undefined; drop: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: a PGlite of its own by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL, reached as TEST_DATABASE_POOLER says (dropped again by `drop`).
 *
 * Both are copies of the template that the global setup migrated once for the run, so a file costs a file copy
 * or a `CREATE DATABASE … TEMPLATE` rather than a run of every migration. Outside that setup (no template
 * provided), the database is created empty and migrated here, as before.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const server = testServer();
  const template = inject('testDatabaseTemplate');
  if (!server) {
    if (template?.kind === 'pglite') return clonePglite(template.dataDir, template.clonesDir);
    const database = await openDatabase({});
    await migrate(database);
    return { ...database, url: undefined, drop: () => database.close() };
  }
  const sameServer = template?.kind === 'postgres' && template.serverUrl === server.url;
  return createPostgres(server, sameServer ? template.template : undefined);
}

/**
 * A PGlite over a copy of the template's data directory: PostgreSQL's own file-level copy of a cleanly shut
 * down cluster (catalogue, roles such as fieldbook_app, the pg_trgm extension's objects, the migration journal).
 * It opens through `openDatabase`, so it loads the same extensions as the product does.
 */
async function clonePglite(templateDir: string, clonesDir: string): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(clonesDir, 'db-'));
  await cp(templateDir, dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    url: undefined,
    async drop() {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgres(server: TestServer, template: string | undefined): Promise<TestDatabase> {
  const name = `fieldbook_test_${randomBytes(6).toString('hex')}`;
  await onServer(
    server.url,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4, pooler: server.pooler });
  if (!template) await migrate(database);
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      await onServer(server.url, `drop database if exists ${name} with (force)`);
    },
  };
}
