import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocksCounted } from '../../test-support/list-pages.ts';
import { openTestDatabase } from '../../test-support/test-database.ts';
import { testServer } from '../../test-support/test-server.ts';
import { ALL_STATUSES } from './columns.ts';
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

  it("are recorded as drizzle-orm's migrator records them: the file's hash, created at the journal's time", async () => {
    const recorded = (await database.db.execute(
      sql`select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by id`,
    )) as { rows: { hash: string; createdAt: string }[] };
    expect(recorded.rows).toEqual(
      readMigrationFiles({ migrationsFolder }).map((m) => ({
        hash: m.hash,
        createdAt: String(m.folderMillis),
      })),
    );
  });

  it('that fail apply nothing and hold no lock: the next start migrates', async () => {
    const fresh = await freshDatabase();
    const starting = await fresh.open();
    const broken = 'create table half_done (id int);\n--> statement-breakpoint\nselect 1 / 0;';
    const folder = migrationsWith({ tag: '9999_broken', sql: broken });
    try {
      await expect(migrate(starting, folder.path)).rejects.toMatchObject({
        cause: { message: 'division by zero' },
      });
      const tables = (await starting.db.execute(
        sql`select to_regclass('public.customers') as customers, to_regclass('public.half_done') as broken`,
      )) as { rows: { customers: string | null; broken: string | null }[] };
      expect(tables.rows).toEqual([{ customers: null, broken: null }]);
      // Another process (on PostgreSQL another pool, so another session) is not held up by a lock left behind.
      const next = await fresh.open();
      try {
        await migrate(next);
        expect(await isReady(next)).toBe(true);
      } finally {
        await next.close();
      }
    } finally {
      folder.remove();
      await starting.close();
      await fresh.drop();
    }
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

describe('migration 0016 (technicians)', () => {
  it("turns the free-text assignees of an older database into the tenant's technicians", () =>
    onOlderDatabase('0016', async (older) => {
      const { tenant, customer } = await tenantWithCustomer(older);
      for (const [number, assignee] of [
        [1, 'SE02'],
        [2, ' Dave '],
        [3, 'dave'],
        [4, null],
        [5, ''],
      ] as const)
        await older.db.execute(sql`insert into jobs (tenant_id, id, number, customer_id, status, assignee)
        values (${tenant}, ${`01900000-0000-7000-8000-00000000000${number}`}, ${number}, ${customer}, 'OPEN_NEW',
          ${assignee})`);

      await migrate(older);
      const jobs = (await older.db.execute(sql`select jobs.number, technicians.name from jobs
      left join technicians on technicians.tenant_id = jobs.tenant_id and technicians.id = jobs.assignee
      order by jobs.number`)) as { rows: { number: number; name: string | null }[] };
      expect(jobs.rows).toEqual([
        { number: 1, name: 'SE02' },
        { number: 2, name: 'Dave' },
        { number: 3, name: 'Dave' },
        { number: 4, name: null },
        { number: 5, name: null },
      ]);
      const names = (await older.db.execute(sql`select name from technicians order by name`)) as {
        rows: { name: string }[];
      };
      expect(names.rows.map((row) => row.name)).toEqual(['Dave', 'SE01', 'SE02', 'SE03', 'SE04', 'SE05']);
    }));
});

describe('migration 0018 (customer counts)', () => {
  it("counts an older database's customers per tenant", () =>
    onOlderDatabase('0018', async (older) => {
      const tenants = ['01900000-0000-7000-8000-0000000000a1', '01900000-0000-7000-8000-0000000000a2'];
      for (const [index, tenant] of tenants.entries())
        await older.db.execute(sql`insert into tenants (id, name) values (${tenant}, ${`Older ${index}`})`);
      await older.db.execute(sql`insert into customers (tenant_id, id, number, name)
      select ${tenants[0]}::uuid, gen_random_uuid(), g, 'C' || g from generate_series(1, 3) as g`);

      await migrate(older);
      const counts = (await older.db.execute(
        sql`select tenant_id, count::int from customer_counts order by tenant_id`,
      )) as { rows: { tenant_id: string; count: number }[] };
      // A tenant with no customers has no count yet: the list reads it as 0.
      expect(counts.rows).toEqual([{ tenant_id: tenants[0], count: 3 }]);
    }));
});

describe('migration 0025 (every status per block)', () => {
  it("counts an older database's jobs and invoices per block in all statuses together", () =>
    onOlderDatabase('0025', async (older) => {
      const { tenant, customer } = await tenantWithCustomer(older);
      // Three blocks of numbers, two statuses in each.
      await older.db.execute(sql`insert into jobs (tenant_id, id, number, customer_id, status)
      select ${tenant}::uuid, gen_random_uuid(), g, ${customer}::uuid,
        case when g % 3 = 0 then 'OPEN_NEW' else 'CLOSED_COMPLETED' end
      from generate_series(1, 20000, 7) as g`);
      await older.db.execute(sql`insert into invoices
        (tenant_id, id, number, customer_id, status, date, due, amounts_include_tax)
      select ${tenant}::uuid, gen_random_uuid(), g, ${customer}::uuid,
        case when g % 2 = 0 then 'OPEN_DRAFT' else 'OPEN_SENT' end, '2026-11-28', '2026-12-28', false
      from generate_series(1, 9000, 5) as g`);

      await migrate(older);
      const rows = async (query: SQL) =>
        ((await older.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      for (const table of ['jobs', 'invoices'] as const) {
        const kept = await rows(
          sql`select status, block, count::int from ${sql.identifier(
            table === 'jobs' ? 'job_number_blocks' : 'invoice_number_blocks',
          )} where tenant_id = ${tenant} and count <> 0 order by 1, 2`,
        );
        expect(kept.filter((row) => row.status === ALL_STATUSES)).toHaveLength(table === 'jobs' ? 3 : 2);
        expect(kept).toEqual(await rows(blocksCounted(table, tenant)));
      }
    }));
});

describe('migration 0048 (outbox withdrawals)', () => {
  it('ties each open invitation to its latest email, so a revoke can withdraw it', () =>
    onOlderDatabase('0048', async (older) => {
      const { tenant } = await tenantWithCustomer(older);
      const invitation = '01900000-0000-7000-8000-0000000000e1';
      await older.db.execute(sql`insert into invitations
        (tenant_id, id, email, email_canonical, role, token_hash, expires, created)
        values (${tenant}, ${invitation}, 'Kim@Example.test', 'kim@example.test', 'OFFICE', 'hash',
          now() + interval '7 days', now() - interval '1 hour')`);
      const message = (id: string, kind: string, to: string, ago: string) =>
        older.db.execute(sql`insert into outbox_messages (tenant_id, id, kind, recipient, subject, body, created)
          values (${tenant}, ${id}, ${kind}, ${to}, 'Join', 'Hello', now() - ${ago}::interval)`);
      await message('01900000-0000-7000-8000-0000000000f1', 'INVITATION', 'Kim@Example.test', '2 hours');
      await message('01900000-0000-7000-8000-0000000000f2', 'INVITATION', 'Kim@Example.test', '50 minutes');
      await message('01900000-0000-7000-8000-0000000000f3', 'INVITATION', 'Kim@Example.test', '10 minutes');
      await message('01900000-0000-7000-8000-0000000000f4', 'INVITATION', 'lee@example.test', '1 minute');
      await message('01900000-0000-7000-8000-0000000000f5', 'INVOICE', 'Kim@Example.test', '1 minute');

      await migrate(older);
      const linked = (await older.db.execute(sql`select message_id from invitations`)) as {
        rows: { message_id: string | null }[];
      };
      expect(linked.rows).toEqual([{ message_id: '01900000-0000-7000-8000-0000000000f3' }]);
    }));
});

/**
 * Runs fn on a database of its own with the migrations before `tag` applied (`migrateUpTo`), as an older release
 * left it; fn migrates it on. The database is dropped after.
 */
async function onOlderDatabase(before: string, fn: (older: Database) => Promise<void>): Promise<void> {
  const fresh = await freshDatabase();
  const older = await fresh.open();
  try {
    await migrateUpTo(older, before);
    await fn(older);
  } finally {
    await older.close();
    await fresh.drop();
  }
}

/** A tenant with one customer, in an older database. */
async function tenantWithCustomer(older: Database): Promise<{ tenant: string; customer: string }> {
  const tenant = '01900000-0000-7000-8000-0000000000a1';
  const customer = '01900000-0000-7000-8000-0000000000c1';
  await older.db.execute(sql`insert into tenants (id, name) values (${tenant}, 'Older Co')`);
  await older.db.execute(
    sql`insert into customers (tenant_id, id, number, name) values (${tenant}, ${customer}, 1, 'C')`,
  );
  return { tenant, customer };
}

/** Applies the migrations before `tag` (such as '0016'), as a database made by an older release has them. */
async function migrateUpTo(database: Database, before: string): Promise<void> {
  const folder = migrationsWith(undefined, (entry) => entry.tag < before);
  try {
    // drizzle-orm's own migrator, as older releases ran it: ours must carry on from what it recorded. (Either
    // database is node-postgres's; PGlite's own migrator, which releases before this one ran on PGlite, records
    // the same.)
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder.path });
  } finally {
    folder.remove();
  }
}

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
  version: string;
  breakpoints: boolean;
}

/** A copy of the migrations folder with the journal's entries that `keep`, and one more migration if `added`. */
function migrationsWith(
  added?: { tag: string; sql: string },
  keep: (entry: JournalEntry) => boolean = () => true,
): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'fieldbook-migrations-'));
  cpSync(migrationsFolder, path, { recursive: true });
  const journal = JSON.parse(readFileSync(join(path, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  journal.entries = journal.entries.filter(keep);
  const last = journal.entries.at(-1);
  if (added && last) {
    journal.entries.push({ ...last, idx: last.idx + 1, tag: added.tag, when: last.when + 1 });
    writeFileSync(join(path, `${added.tag}.sql`), added.sql);
  }
  writeFileSync(join(path, 'meta/_journal.json'), JSON.stringify(journal));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

const journalEntries = (
  JSON.parse(readFileSync(new URL('../../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/**
 * An empty database that several "processes" can open: separate pools on a PostgreSQL server, or (PGlite being
 * one process by construction) one PGlite instance shared by concurrent callers.
 */
async function freshDatabase(): Promise<{ open: () => Promise<Database>; drop: () => Promise<void> }> {
  const server = testServer();
  if (!server) {
    const shared = await openDatabase({});
    return { open: async () => ({ ...shared, close: async () => undefined }), drop: () => shared.close() };
  }
  const name = `fieldbook_migrate_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = await openDatabase({ url: server.url, poolSize: 1, pooler: server.pooler });
  await admin.db.execute(sql.raw(`create database ${name}`));
  const target = new URL(server.url);
  target.pathname = `/${name}`;
  return {
    open: () => openDatabase({ url: target.toString(), poolSize: 2, pooler: server.pooler }),
    async drop() {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}
