import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-database.ts';
import { type Database, openDatabase } from './database.ts';
import { isReady, migrate } from './migrate.ts';

let database: Database & { drop: () => Promise<void> };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

describe('migrations', () => {
  it('are applied and the database is ready', async () => {
    expect(await isReady(database)).toBe(true);
  });

  it('can run again without changing anything', async () => {
    await migrate(database);
    expect(await isReady(database)).toBe(true);
  });

  it('are applied exactly once when several processes start at once', async () => {
    const fresh = await freshDatabase();
    const processes = await Promise.all([1, 2, 3, 4].map(() => fresh.open()));
    try {
      await Promise.all(processes.map((p) => migrate(p)));
      const first = processes[0] as Database;
      expect(await isReady(first)).toBe(true);
      const rows = (await first.db.execute(
        sql`select count(*)::int as applied, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
      )) as { rows: { applied: number; distinct_hashes: number }[] };
      expect(rows.rows[0]?.applied).toBe(journalEntries);
      expect(rows.rows[0]?.distinct_hashes).toBe(journalEntries);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await fresh.drop();
    }
  });
});

const journalEntries = (
  JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/**
 * An empty database that several "processes" can open: separate pools on a PostgreSQL server, or (PGlite being
 * one process by construction) one PGlite instance shared by concurrent callers.
 */
async function freshDatabase(): Promise<{ open: () => Promise<Database>; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const shared = await openDatabase({});
    return { open: async () => ({ ...shared, close: async () => undefined }), drop: () => shared.close() };
  }
  const name = `fieldbook_migrate_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  await admin.db.execute(sql.raw(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    open: () => openDatabase({ url: target.toString(), poolSize: 2 }),
    async drop() {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}
