import type { Customer } from '@fieldbook/domain';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTenant } from '../../platform/db/tenant-scope.ts';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { sendAllAtOnce, type Write } from '../../test-support/concurrent-writes.ts';
import { createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { expectPagesOfTheWhole } from '../../test-support/list-pages.ts';
import { createCustomers, createJobs, createLocations } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// The customer list counts `*` (and no q) from a count kept per tenant by triggers (migration 0018, docs/data.md).
// These tests hold the kept count to the customers themselves through every kind of write, and the list's
// Total-Count to the rows it gives.

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

type Rows = Record<string, unknown>[];
const rowsOf = async (query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: Rows }).rows;

/** The tenant's kept count (0 when it has no row yet) and its customers counted one by one: equal. */
async function keptAndCounted(tenantId: string) {
  const [row] = await rowsOf(sql`select
      coalesce((select count from customer_counts where tenant_id = ${tenantId}), 0)::int as kept,
      (select count(*) from customers where tenant_id = ${tenantId})::int as counted`);
  return row as { kept: number; counted: number };
}

async function expectCountKept(tenantId: string, customers?: number) {
  const { kept, counted } = await keptAndCounted(tenantId);
  expect(kept).toBe(counted);
  if (customers !== undefined) expect(counted).toBe(customers);
}

const totalOf = async (api: ApiClient, q?: string) => {
  const response = await api.get(
    q === undefined ? '/api/customers?s=1' : `/api/customers?q=${encodeURIComponent(q)}&s=1`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.headers['total-count']);
};

const named = (count: number, name: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => ({ name: name(index) }));

describe('the kept customer count', () => {
  it('follows creates, saves, deletes (with locations, or refused) and statements of many rows', async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const api = apiAs(t, tenant.token);
    await expectCountKept(tenantId, 0);

    const created: Customer[] = [];
    for (const name of ['Bondi Bakery', 'Coogee Dental', 'Manly Motors']) {
      const response = await api.post('/api/customers', { name });
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json());
    }
    await expectCountKept(tenantId, 3);
    const [bakery, dental, motors] = created as [Customer, Customer, Customer];

    const saved = await api.put(`/api/customers/${bakery.id}`, {
      name: 'Bondi Bakehouse',
      updated: bakery.updated,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expectCountKept(tenantId, 3);

    // A customer with a job cannot be deleted: the count stays. One with locations goes, its locations with it.
    await createJobs(t, tenantId, [{ customer: { id: motors.id } }]);
    expect((await api.delete(`/api/customers/${motors.id}`)).statusCode).toBe(409);
    await createLocations(t, tenantId, [{ customer: { id: dental.id }, name: 'Coogee Surgery' }]);
    expect((await api.delete(`/api/customers/${dental.id}`)).statusCode).toBe(204);
    await expectCountKept(tenantId, 2);
    expect(await totalOf(api)).toBe(2);

    // As the owner: one statement for two tenants, a customer moved from one tenant to the other, and one
    // statement deleting several.
    const other = (await createTenantWithUser(t)).tenant.tenantId;
    await t.database.db.execute(sql`insert into customers (tenant_id, id, number, name)
      select case when g <= 4 then ${tenantId}::uuid else ${other}::uuid end, gen_random_uuid(), 100 + g, 'Bulk ' || g
      from generate_series(1, 7) as g`);
    await expectCountKept(tenantId, 6);
    await expectCountKept(other, 3);
    await t.database.db.execute(sql`update customers set tenant_id = ${other}, number = 200
      where tenant_id = ${tenantId} and number = 101`);
    await expectCountKept(tenantId, 5);
    await expectCountKept(other, 4);
    await t.database.db.execute(sql`delete from customers where name like 'Bulk %'`);
    await expectCountKept(tenantId, 2);
    await expectCountKept(other, 0);
    expect(await totalOf(api)).toBe(2);
  });

  it("are each tenant's own: another tenant's customers change none of them, and none can be read", async () => {
    await createCustomers(t, a.tenant.tenantId, [{ name: 'Alpha Customer' }]);
    const before = await keptAndCounted(a.tenant.tenantId);
    const response = await apiAs(t, b.token).post('/api/customers', { name: 'Bravo Customer' });
    expect(response.statusCode).toBe(201);
    expect(await keptAndCounted(a.tenant.tenantId)).toEqual(before);
    await expectCountKept(b.tenant.tenantId);

    // Both tenants have a count; the application's role, in A's transaction, reads A's alone.
    const readable = await inTenant(
      t.database.db,
      a.tenant.tenantId,
      async (tx) =>
        (
          (await tx.execute(sql`select tenant_id, count::int from customer_counts`)) as unknown as {
            rows: Rows;
          }
        ).rows,
    );
    expect(readable).toEqual([{ tenant_id: a.tenant.tenantId, count: before.counted }]);
    expect(await totalOf(apiAs(t, a.token), '*')).toBe(before.counted);
    expect(await totalOf(apiAs(t, b.token), '*')).toBe((await keptAndCounted(b.tenant.tenantId)).counted);
  });

  it('give the whole list, on every page, the total of its rows; a search is counted', async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const api = apiAs(t, tenant.token);
    await createCustomers(
      t,
      tenantId,
      named(23, (index) => (index % 4 === 0 ? `Dental Group ${index}` : `Plumbing ${index}`)),
    );
    for (const q of ['*', '', 'dental']) await expectPagesOfTheWhole(api, '/api/customers', q, [5, 10, 23]);
    expect(await totalOf(api)).toBe(23);
    // The same search in a form the kept count does not answer: counted row by row, the same total.
    expect(await totalOf(api, '(name:* OR NOT name:*)')).toBe(23);

    // Only no q and `*` read the kept count (made wrong here on purpose); every search counts its rows.
    await t.database.db.execute(
      sql`update customer_counts set count = count + 100 where tenant_id = ${tenantId}`,
    );
    try {
      expect(await totalOf(api)).toBe(123);
      expect(await totalOf(api, '*')).toBe(123);
      expect(await totalOf(api, 'dental')).toBe(6);
      expect(await totalOf(api, 'name:*')).toBe(23);
    } finally {
      await t.database.db.execute(
        sql`update customer_counts set count = count - 100 where tenant_id = ${tenantId}`,
      );
    }
    await expectCountKept(tenantId, 23);
  });
});

describe('the kept customer count under concurrent writes', () => {
  // On PostgreSQL (TEST_DATABASE_URL) the requests' transactions truly overlap, on as many connections as the pool
  // has; on PGlite they take turns. Each round sends, all at once, creates, saves, deletes and a refused delete.
  it('stays equal to the customers, and Total-Count to the rows, through writes sent all at once', async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const client = apiAs(t, tenant.token);
    const [kept] = await createCustomers(
      t,
      tenantId,
      named(12, (index) => `Starting ${index}`),
    );
    // It has a job, so deleting it is refused every round.
    await createJobs(t, tenantId, [{ customer: { id: kept?.id ?? '' } }]);
    let expected = 12;
    for (let round = 0; round < 3; round++) {
      const customers = (await client.get('/api/customers?s=1000')).json() as Customer[];
      const writes: Write[] = [];
      for (let index = 0; index < 12; index++)
        writes.push([201, () => client.post('/api/customers', { name: `Round ${round} customer ${index}` })]);
      customers.forEach((customer, index) => {
        if (customer.id === kept?.id)
          writes.push([409, () => client.delete(`/api/customers/${customer.id}`)]);
        else if (index % 3 === 2) writes.push([204, () => client.delete(`/api/customers/${customer.id}`)]);
        else
          writes.push([
            200,
            () =>
              client.put(`/api/customers/${customer.id}`, {
                name: `${customer.name} (round ${round})`,
                updated: customer.updated,
              }),
          ]);
      });
      expected += writes.filter(([status]) => status === 201).length;
      expected -= writes.filter(([status]) => status === 204).length;
      await sendAllAtOnce(writes);
      await expectCountKept(tenantId, expected);
    }

    const whole = await client.get('/api/customers?s=1000');
    expect((whole.json() as Customer[]).length).toBe(expected);
    expect(whole.headers['total-count']).toBe(String(expected));
    expect(await totalOf(client, '*')).toBe(expected);
  });
});
