import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { onServer } from './server-statement.ts';
import type { TestDatabaseTemplate } from './test-database.ts';
import { type TestServer, testServer } from './test-server.ts';

/**
 * Global setup of the api project: runs every migration once per test run into a template, which each test file
 * then clones (`openTestDatabase`). On PGlite the template is a data directory in a temporary directory of this
 * run; with TEST_DATABASE_URL it is a database of its own on that server (a name unique to this run, so runs on
 * one server do not meet). The returned teardown removes it.
 *
 * Migrations themselves stay tested: they build this template, and migrate.api.test.ts also migrates empty
 * databases from scratch.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = testServer();
  const { template, remove } = server ? await postgresTemplate(server) : await pgliteTemplate();
  project.provide('testDatabaseTemplate', template);
  return remove;
}

interface Template {
  template: TestDatabaseTemplate;
  remove: () => Promise<void>;
}

async function pgliteTemplate(): Promise<Template> {
  const root = await mkdtemp(join(tmpdir(), 'fieldbook-api-tests-'));
  const remove = () => rm(root, { recursive: true, force: true });
  try {
    const dataDir = join(root, 'template');
    const clonesDir = join(root, 'clones');
    await mkdir(clonesDir);
    // Closed again before any file copies it, so each copy is of a cleanly shut down cluster.
    const database = await openDatabase({ dataDir });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    return { template: { kind: 'pglite', dataDir, clonesDir }, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function postgresTemplate(server: TestServer): Promise<Template> {
  const serverUrl = server.url;
  const template = `fieldbook_template_${randomBytes(6).toString('hex')}`;
  const remove = () => onServer(serverUrl, `drop database if exists ${template} with (force)`);
  await onServer(serverUrl, `create database ${template}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1, pooler: server.pooler });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    // CREATE DATABASE … TEMPLATE refuses a source that anyone is connected to: no one may connect to it from now,
    // and a pooler's server connections that outlive our closed ones (PgBouncer keeps them idle) are ended.
    await onServer(serverUrl, `alter database ${template} with allow_connections false`);
    await onServer(
      serverUrl,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${template}' and pid <> pg_backend_pid()`,
    );
    return { template: { kind: 'postgres', serverUrl, template }, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
