import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyseChangedTables, runMaintenance } from './maintenance.ts';
import { oidcPayloads } from './schema.ts';
import { openTestDatabase } from './test-support/test-database.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

it('deletes expired identity records, keeps live ones, and analyses PGlite (a server has autovacuum)', async () => {
  const past = new Date(Date.now() - 60_000);
  const future = new Date(Date.now() + 60_000);
  await database.db.insert(oidcPayloads).values([
    { model: 'Session', id: 'expired', payload: {}, expiresAt: past },
    { model: 'Session', id: 'live', payload: {}, expiresAt: future },
  ]);
  await runMaintenance(database);
  const left = await database.db.select({ id: oidcPayloads.id }).from(oidcPayloads);
  expect(left).toEqual([{ id: 'live' }]);
  const analysed = (await database.db.execute(
    sql`select count(*)::int as n from pg_stat_user_tables where relname = 'oidc_payloads' and last_analyze is not null`,
  )) as { rows: { n: number }[] };
  expect(analysed.rows[0]?.n).toBe(database.kind === 'pglite' ? 1 : 0);
  // The kept words are vacuumed on both, so their index is read without the table.
  const vacuumed = (await database.db.execute(
    sql`select relname from pg_stat_user_tables where relname in ('job_words', 'invoice_words', 'customer_words')
      and last_vacuum is not null order by relname`,
  )) as { rows: { relname: string }[] };
  expect(vacuumed.rows.map((row) => row.relname)).toEqual(['customer_words', 'invoice_words', 'job_words']);
});

it('analyses on PGlite only the tables changed enough since their last analysis', async () => {
  await runMaintenance(database);
  expect(await analyseChangedTables(database)).toEqual([]);
  const rows = Array.from({ length: 80 }, (_, i) => ({ model: 'Grant', id: `g${i}`, payload: {} }));
  await database.db.insert(oidcPayloads).values(rows);
  expect(await analyseChangedTables(database)).toEqual(database.kind === 'pglite' ? ['oidc_payloads'] : []);
  expect(await analyseChangedTables(database)).toEqual([]);
});
