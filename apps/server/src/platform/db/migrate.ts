import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './database.ts';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
/** Any constant works; it only has to be the same in every process of this application. */
export const MIGRATION_LOCK = 7_283_140_021;

/**
 * Applies pending SQL migrations, in one transaction that first takes a transaction-level advisory lock: processes
 * starting together queue on the lock, one applies the migrations and the others then find them applied. Nothing
 * outlives the transaction, so this holds behind a pooler in transaction mode (PgBouncer), where a session-level
 * lock and its unlock may reach different server sessions; and a start killed part-way leaves nothing behind.
 *
 * Migrations are recorded as drizzle-orm's migrator records them (`drizzle.__drizzle_migrations`: the file's
 * sha256 and the journal's `when` as `created_at`; those after the newest `created_at` are pending), so a database
 * it migrated carries on. `folder` is for tests.
 */
export async function migrate(database: Database, folder = migrationsFolder): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  // On PGlite (one connection) transactions already run one after another; the lock costs nothing there.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (
      id serial primary key, hash text not null, created_at bigint)`);
    const newest = (await tx.execute(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as { rows: { created_at: string | number }[] };
    const appliedUpTo = newest.rows[0] ? Number(newest.rows[0].created_at) : undefined;
    for (const migration of migrations) {
      if (appliedUpTo !== undefined && migration.folderMillis <= appliedUpTo) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at)
        values (${migration.hash}, ${migration.folderMillis})`);
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
