import type { Customer } from '@fieldbook/domain';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../test-support/api-client.ts';
import { renameWrite, sendAllAtOnce, type Write } from '../../test-support/concurrent-writes.ts';
import { createTenantWithUser } from '../../test-support/factories.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// The customer list counts a search of bare words from each customer's words, kept a row a word by triggers
// (`customer_words`, migration 0046, docs/data.md "Kept words"). These tests hold the kept words to the customers'
// own texts through every kind of write, and the counts read from them to the ones the list counts row by row.

let t: TestApp;

withTwoTenants((env) => {
  ({ t } = env);
});

type Rows = Record<string, unknown>[];
const rowsOf = async (query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: Rows }).rows;

/** The tenant's kept words, and the same made here from its customers' texts (not the words kept beside them). */
async function expectWordsKept(tenantId: string) {
  const kept = await rowsOf(
    sql`select word, number from customer_words where tenant_id = ${tenantId} order by 1, 2`,
  );
  const made = await rowsOf(sql`select distinct word collate "C" as word, number from customers,
      string_to_table(concat(search_words(name), search_words(billing_email), search_words(billing_phone),
        search_words(billing_address)), ' ') as word
      where tenant_id = ${tenantId} and word <> '' order by 1, 2`);
  expect(kept).toEqual(made);
  return kept.length;
}

describe('the kept customer words', () => {
  it('follow creates, saves, deletes, a move to another tenant and statements of many rows', async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const api = apiAs(t, tenant.token);
    const created: Customer[] = [];
    for (const fields of [
      {
        name: "O'Brien & Sons Plumbing",
        billingEmail: 'accounts@obrien.example',
        billingPhone: '+61 2 9555 0101',
      },
      { name: 'Café Crème', billingAddress: '12 Collins St, Melbourne VIC 3000' },
      { name: 'Zoë Nguyễn' },
    ]) {
      const response = await api.post('/api/customers', fields);
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json());
    }
    expect(await expectWordsKept(tenantId)).toBeGreaterThan(10);
    const [obrien, cafe, zoe] = created as [Customer, Customer, Customer];

    const saved = await api.put(`/api/customers/${cafe.id}`, {
      ...cafe,
      name: 'Café Crème Bakehouse',
      billingAddress: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A save that changes none of the searched texts leaves the words as they are.
    const notes = await api.put(`/api/customers/${obrien.id}`, { ...obrien, notes: 'Gate code 1234' });
    expect(notes.statusCode, notes.body).toBe(200);
    expect((await api.delete(`/api/customers/${zoe.id}`)).statusCode).toBe(204);
    await expectWordsKept(tenantId);

    // As the owner: one statement for two tenants, a customer moved to the other tenant, one deleting several.
    const other = (await createTenantWithUser(t)).tenant.tenantId;
    await t.database.db.execute(sql`insert into customers (tenant_id, id, number, name, billing_email)
      select case when g <= 4 then ${tenantId}::uuid else ${other}::uuid end, gen_random_uuid(), 100 + g,
        'Bulk ' || g, 'bulk' || g || '@example.com'
      from generate_series(1, 7) as g`);
    await t.database.db.execute(sql`update customers set tenant_id = ${other}, number = 200
      where tenant_id = ${tenantId} and number = 101`);
    await expectWordsKept(tenantId);
    await expectWordsKept(other);
    await t.database.db.execute(sql`delete from customers where name like 'Bulk %'`);
    await expectWordsKept(tenantId);
    expect(await expectWordsKept(other)).toBe(0);
  });

  it('stay equal to the customers through creates and renames sent all at once', async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const api = apiAs(t, tenant.token);
    const made = await createCustomers(
      t,
      tenantId,
      Array.from({ length: 6 }, (_, index) => ({ name: `Harbour Electrical ${index}` })),
    );
    const writes: Write[] = [
      ...made.map((customer, index) =>
        renameWrite(api, 'customers', customer, `Ridge & Co Roofing ${index}`),
      ),
      ...Array.from(
        { length: 6 },
        (_, index): Write => [201, () => api.post('/api/customers', { name: `Coastal Aircon ${index}` })],
      ),
    ];
    await sendAllAtOnce(writes);
    await expectWordsKept(tenantId);
  });
});

describe('a search of bare words on the customer list', () => {
  it('is counted and paged from the kept words as the list reads it row by row, on every page', async () => {
    const tenant = await createTenantWithUser(t);
    const tenantId = tenant.tenant.tenantId;
    const api = apiAs(t, tenant.token);
    // 40 customers whose names start 40 different words with "zo", and two with a "zoo" word in another text.
    const letters = 'abcdefghijklmnopqrstuvwxyzabcdefghijklmn';
    await createCustomers(t, tenantId, [
      ...Array.from({ length: 40 }, (_, index) => ({
        name: `Zo${letters[index]}${index < 26 ? '' : 'x'}ey O'Hara & Sons`,
      })),
      { name: 'Taronga Keepers', billingEmail: 'zookeeper@taronga.example' },
      { name: 'Wildlife Park', billingAddress: '1 Zoo Rd, Mosman NSW 2088' },
    ]);
    const found = async (q: string, query = '&s=100') => {
      const response = await api.get(`/api/customers?q=${encodeURIComponent(q)}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return {
        total: Number(response.headers['total-count']),
        names: (response.json() as Customer[]).map((customer) => customer.name),
      };
    };
    // Parentheses make the same search one the list counts row by row; a page of 2 is full, so it is counted.
    for (const q of [
      'zo',
      'zo*',
      'zoo',
      'zoaey',
      '"zoaey"',
      'ohara',
      "o'hara",
      'sons ohara',
      'zob* sons',
      'mosman',
    ]) {
      const rowByRow = await found(`(${q})`);
      expect(rowByRow.total, q).toBeGreaterThan(0);
      expect(await found(q), q).toEqual(rowByRow);
      expect((await found(q, '&s=2')).total, q).toBe(rowByRow.total);
      // A later page, oldest number first as the list is.
      expect(await found(q, '&s=2&p=2'), q).toEqual(await found(`(${q})`, '&s=2&p=2'));
    }
    // Zooey O'Hara, the zookeeper's email and Zoo Rd.
    expect((await found('zoo', '&s=1')).total).toBe(3);
    expect((await found('zoaey zzz', '&s=1')).total).toBe(0);

    // Read from customer_words: a customer whose words are taken away behind the triggers' back is not counted by a
    // word that starts few kept words, and is by one that starts more than 32 (counted row by row), until they are back.
    const [keeper] = await rowsOf(sql`select number from customers where tenant_id = ${tenantId}
      and name = 'Taronga Keepers'`);
    await t.database.db.execute(sql`delete from customer_words where tenant_id = ${tenantId}
      and number = ${keeper?.number}`);
    expect((await found('zoo', '&s=1')).total).toBe(2);
    expect((await found('zoo')).names).not.toContain('Taronga Keepers');
    expect((await found('zo', '&s=1')).total).toBe(42);
    await t.database.db.execute(
      sql`select rewrite_customer_words(array[${tenantId}::uuid], array[${keeper?.number}::int])`,
    );
    expect((await found('zoo', '&s=1')).total).toBe(3);
    expect((await found('zoo')).names).toContain('Taronga Keepers');
    await expectWordsKept(tenantId);
  });
});
