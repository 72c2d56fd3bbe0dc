import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Database, openDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { onServer } from '../src/test-support/server-statement.ts';
import { loadScale, seedingUnfinished } from './load-data.ts';
import type { statementRecorder } from './load-explain.ts';

// The load benchmark's database is kept between runs, so that the second run measures at once: on the PostgreSQL
// server at DATABASE_URL, the database `fieldbook_bench_load_<scale>`; on PGlite, the folder bench-data/load-<scale>.

/**
 * Opens (creating it if need be) and migrates the kept database, statements going to `recorder`. A database whose
 * seeding was cut short, or any with BENCH_RESEED=1, is dropped and made afresh. `serverEnv` points a server
 * process at it; `release` closes this process's connection (PGlite is one process's at a time).
 */
export async function openLoadDatabase(
  serverUrl: string | undefined,
  recorder: ReturnType<typeof statementRecorder>,
) {
  const scale = loadScale(serverUrl ? 'postgres' : 'pglite');
  const DATABASE_NAME = `fieldbook_bench_load_${scale.name}`;
  const PGLITE_DIR = resolve(`bench-data/load-${scale.name}`);
  const reseed = process.env.BENCH_RESEED === '1';
  const url = serverUrl ? new URL(serverUrl) : undefined;
  if (url) url.pathname = `/${DATABASE_NAME}`;
  const open = () => openDatabase({ url: url?.toString(), dataDir: PGLITE_DIR, logQuery: recorder.logQuery });
  const drop = async () => {
    if (serverUrl) await onServer(serverUrl, `drop database if exists ${DATABASE_NAME} with (force)`);
    else rmSync(PGLITE_DIR, { recursive: true, force: true });
  };
  const create = async () => {
    if (!serverUrl) return;
    await onServer(serverUrl, `create database ${DATABASE_NAME}`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error; // it exists already
    });
  };
  if (reseed) await drop();
  await create();
  let database: Database = await open();
  if (await seedingUnfinished(database).catch(() => false)) {
    console.log('The kept database’s seeding did not finish: seeding it again.');
    await database.close();
    await drop();
    await create();
    database = await open();
  }
  await migrate(database);
  if (!serverUrl) console.log(`PGlite data in ${PGLITE_DIR}`);
  let held = true;
  return {
    database,
    scale,
    recorder,
    serverEnv: (url ? { DATABASE_URL: url.toString() } : { DATA_DIR: PGLITE_DIR }) as Record<string, string>,
    async release() {
      if (!held) return;
      held = false;
      await database.close();
    },
  };
}
