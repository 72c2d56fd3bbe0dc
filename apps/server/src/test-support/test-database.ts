import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { onServer } from '../db/server-statement.ts';

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

export type TestDatabase = Database & { drop: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: a PGlite of its own by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `drop`).
 *
 * Both are copies of the template that the global setup migrated once for the run, so a file costs a file copy
 * or a `CREATE DATABASE … TEMPLATE` rather than a run of every migration. Outside that setup (no template
 * provided), the database is created empty and migrated here, as before.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('testDatabaseTemplate');
  if (!serverUrl) {
    if (template?.kind === 'pglite') return clonePglite(template.dataDir, template.clonesDir);
    const database = await openDatabase({});
    await migrate(database);
    return { ...database, drop: () => database.close() };
  }
  const sameServer = template?.kind === 'postgres' && template.serverUrl === serverUrl;
  return createPostgres(serverUrl, sameServer ? template.template : undefined);
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
    async drop() {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgres(serverUrl: string, template: string | undefined): Promise<TestDatabase> {
  const name = `fieldbook_test_${randomBytes(6).toString('hex')}`;
  await onServer(
    serverUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  if (!template) await migrate(database);
  return {
    ...database,
    async drop() {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
