import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../tenants/tenants.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { asMember, type TenantCaller } from './tenant-scope.ts';

/*
 * asMember's first statement goes with the transaction's BEGIN as one simple query, its values inlined as
 * literals (db/database.ts, `transactionOpenedWith`): a subject is whatever an external issuer puts in `sub`.
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
});
afterAll(() => database.drop());

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
    const nameNow = async () => {
      const { rows } = (await database.db.execute(
        sql`select name from tenants where id = ${tenantId}`,
      )) as unknown as { rows: { name: string }[] };
      return rows[0]?.name;
    };
    await rename('Scope & Sons', false);
    expect(await nameNow()).toBe('Scope & Sons');
    await expect(rename('Lost Name', true)).rejects.toThrow('after the write');
    expect(await nameNow()).toBe('Scope & Sons');
    // The connection the failed transaction used is back in the pool and works.
    const scope = await asMember(database.db, caller(subjects.quoted), (tx) => scopeOf(tx));
    expect(scope?.tenant).toBe(tenantId);
  });
});
