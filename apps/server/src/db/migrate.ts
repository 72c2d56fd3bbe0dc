import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './database.ts';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Any constant works; it only has to be the same in every process of this application.
const MIGRATION_LOCK = 7_283_140_021;

const pgliteMigrations = new WeakMap<object, Promise<unknown>>();

/**
 * Applies pending SQL migrations. Several processes may start at once against one PostgreSQL:
 * each waits for a session-level advisory lock, so exactly one applies and the others see them applied.
 */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // One PGlite is one process: callers queue behind each other instead of taking a lock.
    const previous = pgliteMigrations.get(database.db) ?? Promise.resolve();
    const run = previous.then(() =>
      migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder }),
    );
    pgliteMigrations.set(
      database.db,
      run.catch(() => undefined),
    );
    return run;
  }
  await database.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}

const expectedMigrations = (
  JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }
).entries.length;

/** True when the database answers and every migration in the folder has been applied. */
export async function isReady(database: Database): Promise<boolean> {
  try {
    const result = (await database.db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    )) as { rows: { applied: number }[] };
    return Number(result.rows[0]?.applied) >= expectedMigrations;
  } catch {
    return false;
  }
}
