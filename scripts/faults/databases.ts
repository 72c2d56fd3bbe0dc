import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { repairPgliteDataDir } from '../../apps/server/src/platform/db/pglite-data-dir.ts';
import type { DatabasePooler } from '../../apps/server/src/platform/db/transaction-pooler.ts';
import { countSeedRows, type SeedRowCounts } from '../../apps/server/src/test-support/demo-counts.ts';
import { onServer } from '../../apps/server/src/test-support/server-statement.ts';
import type { DatabaseSettings } from './servers.ts';

export type DatabaseKind = DatabaseSettings['kind'];

export interface FreshDatabase extends DatabaseSettings {
  /**
   * The demo seed's rows in the database as it is now, or undefined when it has no tables yet. Reads without
   * changing anything (a PGlite directory is read through a copy), and only while no server has it open.
   */
  seedRows(): Promise<SeedRowCounts | undefined>;
  /**
   * A new database holding what this one holds now, made by copying it (a PGlite directory copied, a PostgreSQL
   * database created from it as its template): only while no server has it open.
   */
  copy(): Promise<FreshDatabase>;
  /**
   * Opens the database as a server would (a PGlite directory left by a killed server repaired first), runs `work`
   * on it and closes it: on PGlite only while no server has it open (a PostgreSQL database takes both at once).
   */
  use<T>(work: (db: Db) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/** Drops and removes what `freshDatabase` made and nobody dropped yet (a scenario that threw). */
const undropped = new Set<() => Promise<void>>();

export async function dropAllDatabases(): Promise<void> {
  for (const drop of [...undropped]) await drop().catch(() => undefined);
}

/**
 * A database nothing has used yet: a PGlite directory not yet created, or a new database on `serverUrl`, which
 * servers reach through `pooler` (their DATABASE_POOLER).
 */
export function freshDatabase(
  kind: DatabaseKind,
  serverUrl: string | undefined,
  pooler: DatabasePooler = 'none',
): Promise<FreshDatabase> {
  if (kind === 'pglite') return freshPglite();
  if (!serverUrl) throw new Error('PostgreSQL scenarios need FAULTS_DATABASE_URL');
  return freshPostgres(serverUrl, pooler);
}

/** A new PGlite directory: empty, or a copy of `from`. */
async function freshPglite(from?: string): Promise<FreshDatabase> {
  const root = await mkdtemp(join(tmpdir(), 'fieldbook-faults-'));
  const dataDir = join(root, 'data');
  if (from) await cp(from, dataDir, { recursive: true });
  const drop = async () => {
    undropped.delete(drop);
    await rm(root, { recursive: true, force: true });
  };
  undropped.add(drop);
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    async seedRows() {
      const copy = join(root, `inspect-${randomBytes(4).toString('hex')}`);
      try {
        await cp(dataDir, copy, { recursive: true }).catch(() => undefined);
        repairPgliteDataDir(copy);
        return await readSeedRows({ dataDir: copy });
      } finally {
        await rm(copy, { recursive: true, force: true });
      }
    },
    copy: () => freshPglite(dataDir),
    use: (work) => {
      repairPgliteDataDir(dataDir);
      return using({ dataDir }, work);
    },
    drop,
  };
}

/** A new PostgreSQL database: empty, or a copy of the database `template`. */
async function freshPostgres(
  serverUrl: string,
  pooler: DatabasePooler,
  template?: string,
): Promise<FreshDatabase> {
  const name = `fieldbook_faults_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    undropped.delete(drop);
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  };
  undropped.add(drop);
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString(), DATABASE_POOLER: pooler },
    seedRows: () => readSeedRows({ url: url.toString(), pooler }),
    copy: () => freshPostgres(serverUrl, pooler, name),
    use: (work) => using({ url: url.toString(), pooler }, work),
    drop,
  };
}

async function using<T>(
  where: { url: string; pooler: DatabasePooler } | { dataDir: string },
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ ...where, poolSize: 1 });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function readSeedRows(where: { url: string; pooler: DatabasePooler } | { dataDir: string }) {
  // An empty PGlite directory would be created here (several seconds) only to say that it is empty.
  if ('dataDir' in where && !existsSync(join(where.dataDir, 'PG_VERSION'))) return undefined;
  const database = await openDatabase({ ...where, poolSize: 1 });
  try {
    const tables = (await database.db.execute(
      sql`select to_regclass('public.customers') is not null as migrated`,
    )) as { rows: { migrated: boolean }[] };
    return tables.rows[0]?.migrated ? await countSeedRows(database.db) : undefined;
  } finally {
    await database.close();
  }
}
