import { randomBytes, randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test-support/test-database.ts';
import type { Db } from './database.ts';
import { inTenant } from './tenant-scope.ts';

/*
 * The tenancy rules of docs/data.md, checked against the migrated database's own catalogue: every table of schema
 * public with a tenant_id column is found there, not listed here, so a table added by a later migration is held to
 * the same rules the day it appears.
 *
 * Row-level security is enabled, never forced: FORCE ROW LEVEL SECURITY would subject the tables' owner to the
 * policies too, and the owner-owned visible_* search views (migration 0005) rely on the owner not being subject to
 * them. RLS is therefore in force for the application role only because fieldbook_app neither owns the tables (nor
 * has its owner's privileges), nor has BYPASSRLS, nor is a superuser: that is what is checked below.
 */

const APP_ROLE = 'fieldbook_app';
const ALL_WRITES = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];

/**
 * What fieldbook_app may do to each tenant table; a table not named here gets ALL_WRITES. These are the GRANTs of
 * the migrations in apps/server/drizzle/: counters are allocated and advanced, never deleted; memberships are added
 * by the system only (a new organisation, an accepted invitation) and changed or removed on the Users screen; the
 * outbox is written by tenant code, which changes a message's status only (the mail worker, the connecting role,
 * does the sending).
 */
const expectedPrivileges: Record<string, string[]> = {
  tenant_counters: ['SELECT', 'INSERT', 'UPDATE'],
  customer_counts: ['SELECT'],
  job_counts: ['SELECT'],
  job_site_counts: ['SELECT'],
  job_words: ['SELECT'],
  job_word_pairs: ['SELECT'],
  invoice_words: ['SELECT'],
  customer_words: ['SELECT'],
  invoice_counts: ['SELECT'],
  invoice_customer_counts: ['SELECT'],
  job_number_blocks: ['SELECT'],
  job_schedule_counts: ['SELECT'],
  invoice_number_blocks: ['SELECT'],
  memberships: ['SELECT', 'UPDATE', 'DELETE'],
  // UPDATE of the status columns only (0048): withdrawing a waiting message, queueing a failed one again.
  outbox_messages: ['SELECT', 'INSERT', 'UPDATE'],
  outbox_attachments: ['SELECT', 'INSERT'],
  invoice_emails: ['SELECT', 'INSERT'],
  quote_emails: ['SELECT', 'INSERT'],
  // One row per tenant, made with the tenant: saved over, never deleted.
  organisation_details: ['SELECT', 'INSERT', 'UPDATE'],
  // Retired, never deleted: past jobs keep their technician.
  technicians: ['SELECT', 'INSERT', 'UPDATE'],
  // Deleted attachments' files still to delete: queued by a trigger, emptied by the system (migration 0047).
  file_deletions: [],
};

/** Tables that must be found (and, save memberships, seeded and checked for their behaviour) in any case. */
const knownTenantTables = [
  'customer_counts',
  'customer_words',
  'customers',
  'file_deletions',
  'idempotency_keys',
  'invitations',
  'invoice_counts',
  'invoice_customer_counts',
  'invoice_emails',
  'invoice_lines',
  'invoice_number_blocks',
  'invoice_words',
  'invoices',
  'items',
  'job_counts',
  'job_lines',
  'job_notes',
  'job_signatures',
  'job_departures',
  'job_attachments',
  'invoice_payments',
  'job_number_blocks',
  'job_priorities',
  'job_schedule_counts',
  'job_site_counts',
  'job_word_pairs',
  'job_words',
  'jobs',
  'locations',
  'memberships',
  'organisation_details',
  'outbox_attachments',
  'outbox_messages',
  'quote_emails',
  'quote_lines',
  'quotes',
  'tax_rates',
  'technicians',
  'templates',
  'tenant_counters',
  'territories',
];

/** Column values for the seed rows where a type's default (see `seedValue`) does not satisfy a table's checks. */
const seedOverrides: Record<string, Record<string, string>> = {
  // Scheduled, so that job_schedule_counts has its row too.
  jobs: {
    status: 'OPEN_NEW',
    scheduled_start: '2026-11-26T09:00:00Z',
    scheduled_finish: '2026-11-26T10:00:00Z',
  },
  invoices: { status: 'OPEN_DRAFT' },
  quotes: { status: 'OPEN_DRAFT' },
  // A line with a tax rate keeps its name and rate (quote_lines_tax_check).
  quote_lines: { tax_name: 'GST', tax_rate: '10' },
  templates: { type: 'typst', document: 'invoice' },
  // A line with a tax rate keeps its name and rate (invoice_lines_tax_check).
  invoice_lines: { tax_name: 'GST', tax_rate: '10' },
  memberships: { role: 'OWNER' },
  invitations: { role: 'OFFICE' },
  outbox_messages: { status: 'QUEUED', kind: 'INVOICE' },
  invoice_payments: { method: 'CARD', amount: '1.00' },
};

/**
 * Tables only triggers write (migrations 0010, 0014, 0018, 0019, 0025, 0043, 0044, 0046 and 0049): their one row
 * per tenant is the count of that tenant's seeded job, invoice or customer (two for a count per block: its status's
 * and all statuses'); the kept words have a row a word of the seeded job, invoice or customer, the job's pairs of
 * words a row a pair.
 */
const keptByTriggers = [
  'customer_counts',
  'customer_words',
  'job_counts',
  'job_site_counts',
  'job_words',
  'job_word_pairs',
  'invoice_words',
  'invoice_counts',
  'invoice_customer_counts',
  'job_number_blocks',
  'job_schedule_counts',
  'invoice_number_blocks',
];

const database = await openTestDatabase();
afterAll(() => database.drop());
const db: Db = database.db;
type Executor = Pick<Db, 'execute'>;

async function rows<T>(on: Executor, query: SQL): Promise<T[]> {
  return ((await on.execute(query)) as unknown as { rows: T[] }).rows;
}

// ---- The catalogue ------------------------------------------------------------------------------------------

interface Relation {
  name: string;
  kind: 'table' | 'view';
  rls: boolean;
  appHasOwnerPrivileges: boolean;
  privileges: string[];
  primaryKey: string[];
}

interface Column {
  relation: string;
  name: string;
  type: string;
  typeKind: string;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
  firstEnumLabel: string | null;
}

interface ForeignKey {
  name: string;
  table: string;
  referenced: string;
  columns: string[];
  referencedColumns: string[];
}

interface Policy {
  table: string;
  name: string;
  permissive: string;
  roles: string[];
  cmd: string;
  qual: string | null;
  withCheck: string | null;
}

const relations = await rows<Relation>(
  db,
  sql`
  select c.relname::text as name,
    case when c.relkind = 'v' then 'view' else 'table' end as kind,
    c.relrowsecurity as rls,
    pg_has_role(${APP_ROLE}, c.relowner, 'USAGE') as "appHasOwnerPrivileges",
    array_remove(array[
      case when has_any_column_privilege(${APP_ROLE}, c.oid, 'SELECT') then 'SELECT' end,
      case when has_any_column_privilege(${APP_ROLE}, c.oid, 'INSERT') then 'INSERT' end,
      case when has_any_column_privilege(${APP_ROLE}, c.oid, 'UPDATE') then 'UPDATE' end,
      case when has_table_privilege(${APP_ROLE}, c.oid, 'DELETE') then 'DELETE' end,
      case when has_table_privilege(${APP_ROLE}, c.oid, 'TRUNCATE') then 'TRUNCATE' end,
      case when has_any_column_privilege(${APP_ROLE}, c.oid, 'REFERENCES') then 'REFERENCES' end,
      case when has_table_privilege(${APP_ROLE}, c.oid, 'TRIGGER') then 'TRIGGER' end
    ], null)::text[] as privileges,
    coalesce((
      select array_agg(a.attname::text order by k.ord)
      from pg_index i
      cross join unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = c.oid and i.indisprimary
    ), '{}')::text[] as "primaryKey"
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
  order by c.relname`,
);

const columns = await rows<Column>(
  db,
  sql`
  select c.relname::text as relation, a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type,
    t.typtype::text as "typeKind", a.attnotnull as "notNull", a.atthasdef as "hasDefault",
    (a.attidentity <> '' or a.attgenerated <> '') as generated,
    (select e.enumlabel::text from pg_enum e where e.enumtypid = a.atttypid order by e.enumsortorder limit 1)
      as "firstEnumLabel"
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
  order by c.relname, a.attnum`,
);

const foreignKeys = await rows<ForeignKey>(
  db,
  sql`
  select con.conname::text as name, src.relname::text as table, dst.relname::text as referenced,
    array(select a.attname::text from unnest(con.conkey) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as columns,
    array(select a.attname::text from unnest(con.confkey) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord) as "referencedColumns"
  from pg_constraint con
  join pg_class src on src.oid = con.conrelid
  join pg_class dst on dst.oid = con.confrelid
  join pg_namespace n on n.oid = src.relnamespace
  where con.contype = 'f' and n.nspname = 'public'
  order by con.conname`,
);

/** Every unique index (primary keys and unique constraints included) of schema public, with its columns. */
const uniqueIndexes = await rows<{ table: string; name: string; columns: string[] }>(
  db,
  sql`
  select t.relname::text as table, i.relname::text as name,
    array(select a.attname::text from unnest(x.indkey::int2[]) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.ord) as columns
  from pg_index x
  join pg_class i on i.oid = x.indexrelid
  join pg_class t on t.oid = x.indrelid
  join pg_namespace n on n.oid = t.relnamespace
  where n.nspname = 'public' and x.indisunique`,
);

const policies = await rows<Policy>(
  db,
  sql`
  select tablename::text as table, policyname::text as name, permissive, roles::text[] as roles, cmd,
    qual, with_check as "withCheck"
  from pg_policies where schemaname = 'public'`,
);

const relation = (name: string): Relation => {
  const found = relations.find((r) => r.name === name);
  if (!found) throw new Error(`No relation ${name} in schema public`);
  return found;
};
const columnsOf = (name: string) => columns.filter((c) => c.relation === name);
const tables = relations.filter((r) => r.kind === 'table');
const tenantTables = tables
  .filter((r) => columnsOf(r.name).some((c) => c.name === 'tenant_id'))
  .map((r) => r.name);
const isTenantTable = (name: string) => tenantTables.includes(name);
const globalTables = tables.map((r) => r.name).filter((name) => name !== 'tenants' && !isTenantTable(name));
const searchViews = relations
  .filter((r) => r.kind === 'view' && r.name.startsWith('visible_'))
  .map((r) => r.name);
const privilegesExpected = (table: string) => expectedPrivileges[table] ?? ALL_WRITES;
const appMayWrite = (table: string) =>
  relation(table).privileges.some((p) => p === 'INSERT' || p === 'UPDATE' || p === 'DELETE');
/** Tables fieldbook_app can read, and so needs row-level security on; the others it cannot touch at all. */
const rlsTables = tenantTables.filter((table) => privilegesExpected(table).length > 0);

// ---- Seed rows: one per tenant in every tenant table, with plain SQL ----------------------------------------

const tenantA = randomUUID();
const tenantB = randomUUID();
/** The row seeded for each tenant in each table, as the database returned it. */
const seeded = new Map<string, Map<string, Record<string, unknown>>>();

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** Numbers and dates differ from row to row, so no unique constraint is ever met by accident. */
let serial = 0;

/** A value of the column's type as text (cast to the type in the insert); a type with no rule here throws. */
function seedValue(table: string, column: Column): string {
  const override = seedOverrides[table]?.[column.name];
  if (override !== undefined) return override;
  if (column.firstEnumLabel !== null) return column.firstEnumLabel;
  if (column.type.endsWith('[]')) return '{}';
  serial += 1;
  const type = column.type.replace(/\(.*\)/, '');
  if (type === 'uuid') return randomUUID();
  if (['text', 'character varying', 'character', 'citext'].includes(type))
    return randomBytes(3).toString('hex');
  if (['integer', 'smallint', 'bigint', 'numeric', 'real', 'double precision'].includes(type))
    return String(serial);
  if (type === 'boolean') return 'false';
  if (type.startsWith('timestamp') || type === 'date')
    return new Date(Date.UTC(2026, 0, serial)).toISOString();
  if (type === 'json' || type === 'jsonb') return '{}';
  if (type === 'interval') return '1 hour';
  if (type === 'bytea') return '00';
  throw new Error(`No seed value for ${table}.${column.name} (${column.type}): add one to seedOverrides`);
}

/** Tenant tables ordered so that every table comes after the tenant tables it references. */
function inReferenceOrder(names: string[]): string[] {
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name)) return;
    if (path.includes(name)) throw new Error(`Foreign keys form a cycle: ${[...path, name].join(' -> ')}`);
    for (const fk of foreignKeys.filter(
      (f) => f.table === name && f.referenced !== name && isTenantTable(f.referenced),
    ))
      visit(fk.referenced, [...path, name]);
    ordered.push(name);
  };
  for (const name of names) visit(name, []);
  return ordered;
}

/** The insert of one seed row of `table` for `tenantId`: tenant_id, foreign keys to the tenant's parent rows, and
 *  a value of its type for every other column that must have one. */
function seedInsert(table: string, tenantId: string): SQL {
  const values = new Map<string, string>();
  for (const fk of foreignKeys.filter((f) => f.table === table)) {
    const parent = fk.referenced === 'tenants' ? { id: tenantId } : seeded.get(fk.referenced)?.get(tenantId);
    if (!parent || fk.referenced === table) continue;
    fk.columns.forEach((name, i) => {
      values.set(name, String(parent[fk.referencedColumns[i] as string]));
    });
  }
  values.set('tenant_id', tenantId);
  const cols = columnsOf(table);
  for (const column of cols) {
    if (values.has(column.name) || column.generated) continue;
    const overridden = seedOverrides[table]?.[column.name] !== undefined;
    if ((column.notNull && !column.hasDefault) || overridden)
      values.set(column.name, seedValue(table, column));
  }
  const names = [...values.keys()];
  const typeOf = (name: string) => cols.find((c) => c.name === name)?.type as string;
  return sql.join([
    sql.raw(`insert into ${quoteIdent(table)} as t (${names.map(quoteIdent).join(', ')}) values (`),
    sql.join(
      // Bytes go in as hex text: a bytea parameter would have to be binary.
      names.map((name) =>
        typeOf(name) === 'bytea'
          ? sql`decode(${values.get(name)}, 'hex')`
          : sql`${values.get(name)}::${sql.raw(typeOf(name))}`,
      ),
      sql`, `,
    ),
    sql`) returning to_jsonb(t) as row`,
  ]);
}

async function seed(table: string, tenantId: string): Promise<void> {
  if (keptByTriggers.includes(table)) return;
  const insert = seedInsert(table, tenantId);
  // Through the application's own door (inTenant) wherever it may insert; memberships only as the owner.
  const [inserted] = relation(table).privileges.includes('INSERT')
    ? await inTenant(db, tenantId, (tx) => rows<{ row: Record<string, unknown> }>(tx, insert))
    : await rows<{ row: Record<string, unknown> }>(db, insert);
  if (!inserted) throw new Error(`Seeding ${table} returned nothing`);
  const perTenant = seeded.get(table) ?? new Map<string, Record<string, unknown>>();
  perTenant.set(tenantId, inserted.row);
  seeded.set(table, perTenant);
}

beforeAll(async () => {
  for (const [id, name] of [
    [tenantA, 'Alpha Plumbing'],
    [tenantB, 'Bravo Electrical'],
  ] as const) {
    // Creating a tenant is no tenant's business: the owner does it, as tenants.ts does.
    await db.execute(sql`insert into tenants (id, name) values (${id}, ${name})`);
  }
  for (const table of inReferenceOrder(tenantTables)) {
    for (const tenantId of [tenantA, tenantB]) await seed(table, tenantId);
  }
});

/**
 * How many words a tenant's seeded job, invoice or customer has (`job_words`, `invoice_words`, `customer_words`): a
 * record's reference's and names', a customer's name's, email's, phone's and address's.
 */
async function seededWords(table: string, tenantId: string): Promise<number> {
  if (table === 'customer_words') {
    const [found] = await rows<{ words: number }>(
      db,
      sql`select count(distinct word)::int as words from customers,
        string_to_table(concat(name_words, billing_email_words, billing_phone_words, billing_address_words), ' ')
          as word
        where tenant_id = ${tenantId} and word <> ''`,
    );
    return found?.words ?? 0;
  }
  const record = table === 'job_words' ? sql`jobs` : sql`invoices`;
  const site = table === 'job_words' ? sql`search_words(locations.name)` : sql`''`;
  const [found] = await rows<{ words: number }>(
    db,
    sql`select count(distinct word)::int as words from ${record} as record
      join customers on customers.tenant_id = record.tenant_id and customers.id = record.customer_id
      left join locations on locations.tenant_id = record.tenant_id and locations.id = ${
        table === 'job_words' ? sql`record.location_id` : sql`null`
      },
      string_to_table(concat(search_words(record.reference), search_words(customers.name), ${site}), ' ') as word
      where record.tenant_id = ${tenantId} and word <> ''`,
  );
  return found?.words ?? 0;
}

/** How many pairs of distinct words `words` words make. */
const pairsOf = (words: number) => (words * (words - 1)) / 2;

/** Runs fn as fieldbook_app with no tenant set, as a query that forgot its tenant would. */
function withoutTenant<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local role fieldbook_app`);
    return fn(tx);
  });
}

/** The database's own message for a statement that fails (Drizzle wraps it as the cause of its error). */
async function failure(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
  return 'no error';
}

const count = async (on: Executor, from: string, where = '') =>
  (await rows<{ n: number }>(on, sql.raw(`select count(*)::int as n from ${quoteIdent(from)} ${where}`)))[0]
    ?.n;

// ---- The checks ---------------------------------------------------------------------------------------------

describe('the catalogue', () => {
  it('has the tenant tables and search views this test is known to cover', () => {
    expect(tenantTables).toEqual(expect.arrayContaining(knownTenantTables));
    expect(searchViews).toEqual(
      expect.arrayContaining([
        'visible_customers',
        'visible_items',
        'visible_jobs',
        'visible_locations',
        'visible_territories',
      ]),
    );
  });

  it(`${APP_ROLE} is neither a superuser nor able to bypass row-level security`, async () => {
    const [role] = await rows<{ super: boolean; bypassrls: boolean }>(
      db,
      sql`select rolsuper as super, rolbypassrls as bypassrls from pg_roles where rolname = ${APP_ROLE}`,
    );
    expect(role).toEqual({ super: false, bypassrls: false });
  });

  it('leaves a tenth of each new page of jobs free, for saves that touch no index (migration 0023)', async () => {
    const [jobs] = await rows<{ options: string[] | null }>(
      db,
      sql`select reloptions as options from pg_class where oid = 'public.jobs'::regclass`,
    );
    expect(jobs?.options).toEqual(['fillfactor=90']);
  });

  it("keeps a job's number in the index of scheduled starts as an included column, not a key (migration 0026)", async () => {
    const [index] = await rows<{ keys: number; columns: string }>(
      db,
      sql`select indnkeyatts as keys, pg_get_indexdef(indexrelid) as columns
        from pg_index where indexrelid = 'public.jobs_scheduled_start_idx'::regclass`,
    );
    expect(index?.keys).toBe(2);
    expect(index?.columns).toMatch(/\(tenant_id, scheduled_start\) INCLUDE \(number\)$/);
  });

  it(`grants ${APP_ROLE} nothing on the global tables of the identity layer`, () => {
    expect(globalTables).toEqual(expect.arrayContaining(['users', 'oidc_payloads', 'server_secrets']));
    for (const table of globalTables) expect(relation(table).privileges, table).toEqual([]);
  });
});

describe.each(tenantTables)('tenant table %s', (table) => {
  it('has tenant_id first in its primary key', () => {
    expect(relation(table).primaryKey[0]).toBe('tenant_id');
  });

  it('includes tenant_id in every foreign key to another tenant table, and refers to tenants by tenant_id', () => {
    for (const fk of foreignKeys.filter((f) => f.table === table)) {
      const pairs = fk.columns.map((column, i) => `${column}->${fk.referencedColumns[i]}`);
      if (isTenantTable(fk.referenced)) expect(pairs, fk.name).toContain('tenant_id->tenant_id');
      if (fk.referenced === 'tenants') expect(pairs, fk.name).toEqual(['tenant_id->id']);
    }
  });

  it(`grants ${APP_ROLE} exactly what it needs`, () => {
    expect(relation(table).privileges).toEqual(privilegesExpected(table));
  });

  // Ready to be distributed by tenant_id (Citus, docs/scaling.md): a distributed table's unique indexes must contain
  // the distribution column, and its foreign keys must join on it (checked above) or point at reference tables.
  it('has tenant_id in every unique index, so it can be distributed by tenant_id', () => {
    for (const index of uniqueIndexes.filter((u) => u.table === table))
      expect(index.columns, index.name).toContain('tenant_id');
  });

  it('refers only to tenant tables (by tenant_id) and to tenants, the reference table', () => {
    for (const fk of foreignKeys.filter((f) => f.table === table))
      expect(isTenantTable(fk.referenced) || fk.referenced === 'tenants', fk.name).toBe(true);
  });

  if (!rlsTables.includes(table)) {
    it(`cannot be read by ${APP_ROLE} at all`, async () => {
      expect(await failure(withoutTenant((tx) => count(tx, table)))).toMatch(/permission denied/);
    });
    return;
  }

  it(`has row-level security enabled, and in force for ${APP_ROLE}`, async () => {
    expect(relation(table).rls).toBe(true);
    // The owner is exempt (RLS is not forced, see above): fieldbook_app must not be it, nor have its privileges.
    expect(relation(table).appHasOwnerPrivileges).toBe(false);
    const [active] = await withoutTenant((tx) =>
      rows<{ active: boolean }>(tx, sql`select row_security_active(${`public.${table}`}::text) as active`),
    );
    expect(active?.active).toBe(true);
  });

  it("has one permissive policy, tenant_isolation, on the transaction's app.tenant_id", () => {
    const permissive = policies.filter((p) => p.table === table && p.permissive === 'PERMISSIVE');
    expect(permissive.map((p) => p.name)).toEqual(['tenant_isolation']);
    const [policy] = permissive as [Policy];
    expect(policy.cmd).toBe('ALL');
    expect(policy.roles.some((role) => role === 'public' || role === APP_ROLE)).toBe(true);
    expect(policy.qual).toContain('tenant_id = ');
    expect(policy.qual).toContain("current_setting('app.tenant_id'");
    expect(policy.qual).not.toMatch(/\bOR\b/i);
    if (appMayWrite(table)) {
      expect(policy.withCheck).toContain('tenant_id = ');
      expect(policy.withCheck).toContain("current_setting('app.tenant_id'");
      expect(policy.withCheck).not.toMatch(/\bOR\b/i);
    }
  });

  it("shows a query with no WHERE only the transaction's tenant's rows", async () => {
    expect(await count(db, table)).toBeGreaterThanOrEqual(2); // the owner sees both tenants' seed rows
    // One seeded row a tenant; a kept count per block of numbers has two, its status's and all statuses'; the job
    // words, one a word of the seeded job's reference and names.
    const own = async (tenantId: string) =>
      table.endsWith('_number_blocks')
        ? 2
        : table.endsWith('_words')
          ? await seededWords(table, tenantId)
          : table === 'job_word_pairs'
            ? pairsOf(await seededWords('job_words', tenantId))
            : 1;
    expect(await inTenant(db, tenantA, (tx) => count(tx, table))).toBe(await own(tenantA));
    expect(await inTenant(db, tenantA, (tx) => count(tx, table, `where tenant_id <> '${tenantA}'`))).toBe(0);
    expect(await inTenant(db, tenantB, (tx) => count(tx, table))).toBe(await own(tenantB));
  });

  it('shows nothing when no tenant is set', async () => {
    expect(await withoutTenant((tx) => count(tx, table))).toBe(0);
  });

  if (privilegesExpected(table).includes('INSERT')) {
    it("refuses to insert a row for another tenant than the transaction's", async () => {
      const intruder = seedInsert(table, tenantB);
      expect(await failure(inTenant(db, tenantA, (tx) => tx.execute(intruder)))).toMatch(
        /new row violates row-level security policy/,
      );
    });
  }
});

describe('tenants', () => {
  it(`may only be read by ${APP_ROLE}, and renamed, under row-level security in force for it`, async () => {
    const tenants = relation('tenants');
    expect(tenants.primaryKey).toEqual(['id']);
    // UPDATE of its name and updated columns only (0015: the organisation details page renames the tenant).
    expect(tenants.privileges).toEqual(['SELECT', 'UPDATE']);
    expect(tenants.rls).toBe(true);
    expect(tenants.appHasOwnerPrivileges).toBe(false);
  });

  it('has the tenant_isolation policy on its own id', () => {
    const permissive = policies.filter((p) => p.table === 'tenants' && p.permissive === 'PERMISSIVE');
    expect(permissive.map((p) => p.name)).toEqual(['tenant_isolation']);
    expect(permissive[0]?.qual).toContain('id = ');
    expect(permissive[0]?.qual).toContain("current_setting('app.tenant_id'");
    expect(permissive[0]?.qual).not.toMatch(/\bOR\b/i);
  });

  it('may have only its own name changed, and no other column', async () => {
    const renamed = await inTenant(db, tenantA, (tx) =>
      rows<{ id: string }>(
        tx,
        sql`update tenants set name = name where id in (${tenantA}, ${tenantB}) returning id`,
      ),
    );
    expect(renamed).toEqual([{ id: tenantA }]);
    expect(
      await failure(
        inTenant(db, tenantA, (tx) =>
          tx.execute(sql`update tenants set created = now() where id = ${tenantA}`),
        ),
      ),
    ).toMatch(/permission denied/);
  });

  it("shows the transaction's tenant only, and nothing when no tenant is set", async () => {
    const visible = await inTenant(db, tenantA, (tx) =>
      rows<{ id: string }>(tx, sql`select id from tenants`),
    );
    expect(visible).toEqual([{ id: tenantA }]);
    expect(await withoutTenant((tx) => count(tx, 'tenants'))).toBe(0);
  });
});

describe('outbox_messages', () => {
  it(`may have only a message's status (and its retry columns) changed by ${APP_ROLE}, never what it says`, async () => {
    const message = seeded.get('outbox_messages')?.get(tenantA);
    const change = (set: string) =>
      inTenant(db, tenantA, (tx) =>
        rows<{ id: string }>(
          tx,
          sql.raw(`update outbox_messages set ${set} where id = '${String(message?.id)}' returning id`),
        ),
      );
    expect(
      await change('status = status, attempts = 0, next_attempt = now(), last_error = null, updated = now()'),
    ).toHaveLength(1);
    for (const column of ['recipient', 'subject', 'body', 'kind', 'sent'])
      expect(await failure(change(`${column} = ${column}`)), column).toMatch(/permission denied/);
  });
});

// Lists search through these views rather than the tables (see migration 0005): they must hold the same line.
describe.each(searchViews)('search view %s', (view) => {
  const table = view.slice('visible_'.length);

  it('is over a tenant table, with exactly its columns (names and types, in order)', () => {
    expect(tenantTables).toContain(table);
    const shape = (name: string) => columnsOf(name).map((c) => `${c.name} ${c.type}`);
    expect(shape(view)).toEqual(shape(table));
  });

  it(`grants ${APP_ROLE} reading only`, () => {
    expect(relation(view).privileges).toEqual(['SELECT']);
  });

  it("shows the transaction's tenant only, even to a query that names no tenant", async () => {
    const visible = await inTenant(db, tenantA, (tx) =>
      rows<{ tenant_id: string }>(tx, sql.raw(`select tenant_id from ${quoteIdent(view)}`)),
    );
    expect(visible).toEqual([{ tenant_id: tenantA }]);
  });

  it('shows nothing when no tenant is set', async () => {
    expect(await withoutTenant((tx) => count(tx, view))).toBe(0);
  });

  it("cannot be asked for another tenant's rows", async () => {
    expect(await inTenant(db, tenantA, (tx) => count(tx, view, `where tenant_id = '${tenantB}'`))).toBe(0);
  });
});
