import { customerFields } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../features/customers/customers.ts';
import { createTenant } from '../../features/tenants/tenants.ts';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { testServer } from '../../test-support/test-server.ts';
import { asMember, memberScope, readAsMember, type TenantCaller } from '../http/member-scope.ts';
import { builtOnce, type Statement } from './built-selects.ts';
import { openDatabase, pipelineOf } from './database.ts';
import { isDatabaseError } from './postgres-errors.ts';
import { inTenant } from './tenant-scope.ts';

/*
 * asMember's scope goes with the transaction's BEGIN (platform/db/database.ts, `openTransaction`), the tenant and
 * subject as parameters: a subject is whatever an external issuer puts in `sub`, quotes and all.
 */

let database: TestDatabase;
const subjects = {
  quoted: "o'brien\\ & co'; select 1; --",
  plain: 'plain-subject',
};
let tenantId: string;
let otherTenantId: string;

const caller = (subject: string, tenant = tenantId): TenantCaller => ({
  subject,
  tenantId: tenant,
  access: 'member',
});

/** The tenant the transaction is scoped to, and who it runs as, as PostgreSQL sees them. */
const scopeOf = async (tx: Parameters<Parameters<typeof asMember>[2]>[0]) => {
  const { rows } = (await tx.execute(
    sql`select current_setting('app.tenant_id', true) as tenant, current_user as role`,
  )) as unknown as { rows: { tenant: string; role: string }[] };
  return rows[0];
};

beforeAll(async () => {
  database = await openTestDatabase();
  const creator = (subject: string) => ({ subject, name: null, email: null });
  ({ tenantId } = await createTenant(database.db, { name: 'Scope Co', creator: creator(subjects.quoted) }));
  ({ tenantId: otherTenantId } = await createTenant(database.db, {
    name: 'Other Co',
    creator: creator(subjects.plain),
  }));
  await inTenant(database.db, tenantId, (tx) =>
    createCustomer(tx, tenantId, customerFields.parse({ name: 'Scope’s Customer' })),
  );
});
afterAll(() => database.drop());

/**
 * The test database again, on one connection (so a read after a failure runs where it happened), reached as the
 * run reaches it (through a transaction pooler, statements unnamed).
 */
const oneConnection = async () =>
  database.url ? openDatabase({ url: database.url, poolSize: 1, pooler: testServer()?.pooler }) : database;

/** The tenant's name as it is committed. */
const nameNow = async () => {
  const { rows } = (await database.db.execute(
    sql`select name from tenants where id = ${tenantId}`,
  )) as unknown as {
    rows: { name: string }[];
  };
  return rows[0]?.name;
};

/** What a statement read with the scope sees: the tenant, who it runs as, and how many customers it can read. */
const probe = builtOnce<{ tenant: string; role: string; customers: number }>((db) =>
  db
    .select({
      tenant: sql<string>`current_setting('app.tenant_id', true)`,
      role: sql<string>`current_user::text`,
      customers: sql<number>`(select count(*) from customers)::int`,
    })
    .from(sql`(values (1)) as one`),
);
/** A statement that fails when it runs. */
/** How PostgreSQL plans the named statements of the transaction (`plan_cache_mode`): named, and unnamed. */
const planMode = (db: Parameters<Parameters<typeof builtOnce>[0]>[0]) =>
  db.select({ mode: sql<string>`current_setting('plan_cache_mode')` }).from(sql`(values (1)) as one`);
const namedPlanMode = builtOnce<{ mode: string }>(planMode, 'test_plan_mode');
const namedPlanModeAgain = builtOnce<{ mode: string }>(planMode, 'test_plan_mode_again');
const unnamedPlanMode = builtOnce<{ mode: string }>(planMode);

const failing = builtOnce((db) =>
  db.select({ quotient: sql<number>`1 / ((random() < 2)::int * 0)` }).from(sql`(values (1)) as one`),
);

describe('asMember', () => {
  it('scopes the transaction to the member’s tenant, as the application role, whatever the subject holds', async () => {
    const member = await asMember(database.db, caller(subjects.quoted), async (tx, found) => ({
      found,
      scope: await scopeOf(tx),
    }));
    expect(member.found).toEqual({ subject: subjects.quoted, role: 'OWNER', technicianId: null });
    expect(member.scope).toEqual({ tenant: tenantId, role: 'fieldbook_app' });
  });

  it('refuses a subject that is not a member of the tenant named, and runs nothing', async () => {
    let ran = false;
    const refused = (subject: string, tenant?: string) =>
      asMember(database.db, caller(subject, tenant), async () => {
        ran = true;
      });
    await expect(refused(subjects.plain)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(refused("x' or '1'='1")).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(refused(subjects.quoted, otherTenantId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(ran).toBe(false);
  });

  it('commits what the function wrote, and rolls it all back when it throws', async () => {
    const rename = (name: string, fail: boolean) =>
      asMember(database.db, { ...caller(subjects.quoted), access: 'owner' }, async (tx) => {
        await tx.execute(sql`update tenants set name = ${name} where id = ${tenantId}`);
        if (fail) throw new Error('after the write');
      });
    await rename('Scope & Sons', false);
    expect(await nameNow()).toBe('Scope & Sons');
    await expect(rename('Lost Name', true)).rejects.toThrow('after the write');
    expect(await nameNow()).toBe('Scope & Sons');
    // The connection the failed transaction used is back in the pool and works.
    const scope = await asMember(database.db, caller(subjects.quoted), (tx) => scopeOf(tx));
    expect(scope?.tenant).toBe(tenantId);
  });
});

describe('readAsMember', () => {
  it('reads in the member’s tenant as the application role, the scope and the statements in one round trip', async () => {
    const read = await readAsMember(database.db, caller(subjects.quoted), [probe.with({})]);
    expect(read.member).toEqual({ subject: subjects.quoted, role: 'OWNER', technicianId: null });
    expect(read.results).toEqual([[{ tenant: tenantId, role: 'fieldbook_app', customers: 1 }]]);
  });

  it('refuses a subject that is not a member of the tenant named, whose statement saw no tenant', async () => {
    const read = (subject: string, tenant?: string) =>
      readAsMember(database.db, caller(subject, tenant), [probe.with({})]);
    await expect(read(subjects.plain)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(read("x' or '1'='1")).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(read(subjects.quoted, otherTenantId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // What the refused statement saw (sent with the scope, on either database): the application role, whatever the
    // membership, and no tenant, so no row of any tenant.
    const pipeline = pipelineOf(database.db);
    expect(pipeline).toBeDefined();
    const [scope, seen] = (await pipeline?.([
      memberScope(caller(subjects.plain)),
      probe.with({}).ready(database.db),
    ])) ?? [[], []];
    expect(scope).toEqual([{ role: null, technicianId: null }]);
    expect(seen).toEqual([{ tenant: '', role: 'fieldbook_app', customers: 0 }]);
  });

  it('fails whole when a statement fails, and the connection reads on after it', async () => {
    // One connection, so the read after the failure runs where it happened, with the statements it prepared.
    const opened = await oneConnection();
    try {
      const member = caller(subjects.quoted);
      await expect(readAsMember(opened.db, member, [probe.with({}), failing.with({})])).rejects.toSatisfy(
        (error) => isDatabaseError(error, ['22012']),
      );
      const read = await readAsMember(opened.db, member, [probe.with({})]);
      expect(read.results).toEqual([[{ tenant: tenantId, role: 'fieldbook_app', customers: 1 }]]);
    } finally {
      if (opened !== database) await opened.close();
    }
  });
});

describe('readAsMember’s plans', () => {
  it('plans statements that are all named once, generically, and any others as PostgreSQL chooses', async () => {
    // One connection, so the read after the named ones runs where their setting was made.
    const opened = await oneConnection();
    try {
      const member = caller(subjects.quoted);
      const modes = async (statements: Statement[]) =>
        (await readAsMember(opened.db, member, statements)).results.map((rows) => rows[0]);
      expect(await modes([namedPlanMode.with({}), namedPlanModeAgain.with({})])).toEqual([
        { mode: 'force_generic_plan' },
        { mode: 'force_generic_plan' },
      ]);
      // An unnamed statement is planned for its values: a search for a word (platform/lists/paged-list.ts). The setting
      // was the last read's transaction's alone.
      expect(await modes([namedPlanMode.with({}), unnamedPlanMode.with({})])).toEqual([
        { mode: 'auto' },
        { mode: 'auto' },
      ]);
    } finally {
      if (opened !== database) await opened.close();
    }
  });
});

describe('asMember with reads', () => {
  it('opens the member’s transaction with the first statements, which read in its tenant', async () => {
    const opened = await asMember(
      database.db,
      caller(subjects.quoted),
      async (tx, member, results) => ({ member, results, scope: await scopeOf(tx) }),
      { reads: [probe.with({})] },
    );
    expect(opened).toEqual({
      member: { subject: subjects.quoted, role: 'OWNER', technicianId: null },
      results: [[{ tenant: tenantId, role: 'fieldbook_app', customers: 1 }]],
      scope: { tenant: tenantId, role: 'fieldbook_app' },
    });
  });

  it('refuses a subject that is not a member, or a role the route does not allow, and runs nothing of its own', async () => {
    let ran = false;
    const refused = (who: TenantCaller) =>
      asMember(
        database.db,
        who,
        async () => {
          ran = true;
        },
        { reads: [probe.with({})] },
      );
    await expect(refused(caller(subjects.plain))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(refused(caller(subjects.quoted, otherTenantId))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await database.db.execute(
      sql`update memberships set role = 'TECHNICIAN' where tenant_id = ${otherTenantId} and subject = ${subjects.plain}`,
    );
    await expect(
      refused({ ...caller(subjects.plain, otherTenantId), access: 'office' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(ran).toBe(false);
    await refused(caller(subjects.plain, otherTenantId));
    expect(ran).toBe(true);
  });

  it('commits what the function wrote, rolls back when a first statement or the function fails, and the connection works on', async () => {
    const opened = await oneConnection();
    const owner = { ...caller(subjects.quoted), access: 'owner' as const };
    const rename = (name: string, first: Statement[] = [probe.with({})], fail = false) =>
      asMember(
        opened.db,
        owner,
        async (tx) => {
          await tx.execute(sql`update tenants set name = ${name} where id = ${tenantId}`);
          if (fail) throw new Error('after the write');
        },
        { reads: first },
      );
    try {
      await rename('Scope, Begun & Co');
      expect(await nameNow()).toBe('Scope, Begun & Co');
      await expect(rename('Lost Name', [probe.with({})], true)).rejects.toThrow('after the write');
      await expect(rename('Lost Again', [failing.with({})])).rejects.toSatisfy((error) =>
        isDatabaseError(error, ['22012']),
      );
      expect(await nameNow()).toBe('Scope, Begun & Co');
      const scope = await asMember(opened.db, owner, (_tx, _member, results) => Promise.resolve(results), {
        reads: [probe.with({})],
      });
      expect(scope).toEqual([[{ tenant: tenantId, role: 'fieldbook_app', customers: 1 }]]);
    } finally {
      if (opened !== database) await opened.close();
    }
  });
});
