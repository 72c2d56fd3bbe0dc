import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { createTenantWithUser } from '../../test-support/factories.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// A search of text counts its matches exactly up to 1,000; past that, Total-Count is 1000 with
// Total-Count-Relation: gte, and Link has next while a page is full and no last. Structured filters keep exact
// counts.

let t: TestApp;
let api: ApiClient;

withTwoTenants((env) => {
  t = env.t;
});

beforeAll(async () => {
  const tenant = await createTenantWithUser(t);
  const tenantId = tenant.tenant.tenantId;
  api = apiAs(t, tenant.token);
  const [customer] = await createCustomers(t, tenantId, [{ name: "O'Connell & Sons Plumbing" }]);
  const db = t.database.db;
  // 1,100 jobs: 1,050 'Hot water service', the rest 'Blocked drain'; 1,000 of each kind of customer below.
  await db.execute(sql`insert into jobs (tenant_id, id, number, customer_id, status, reference)
    select ${tenantId}, gen_random_uuid(), n, ${customer?.id}, 'OPEN_NEW',
      case when n <= 1050 then 'Hot water service ' || n else 'Blocked drain ' || n end
    from generate_series(1, 1100) as n`);
  await db.execute(sql`insert into tenant_counters (tenant_id, name, value) values (${tenantId}, 'job', 1100)
    on conflict (tenant_id, name) do update set value = excluded.value`);
  // Customers: 1,001 named Harbour, exactly 1,000 named Exact, numbered after the one above.
  await db.execute(sql`insert into customers (tenant_id, id, number, name)
    select ${tenantId}, gen_random_uuid(), n + 1,
      case when n <= 1001 then 'Harbour Electrical ' || n else 'Exact Air ' || n end
    from generate_series(1, 2001) as n`);
  await db.execute(sql`insert into tenant_counters (tenant_id, name, value) values (${tenantId}, 'customer', 2002)
    on conflict (tenant_id, name) do update set value = excluded.value`);
});

const list = async (path: string) => {
  const response = await api.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const relations = (response: LightMyRequestResponse) =>
  [...String(response.headers.link).matchAll(/<[^>]*[?&]p=(\d+)&s=\d+>; rel="(\w+)"/g)].map(
    ([, page, rel]) => `${rel} ${page}`,
  );
const capped = (response: LightMyRequestResponse) => {
  expect(response.headers['total-count']).toBe('1000');
  expect(response.headers['total-count-relation']).toBe('gte');
};
const exact = (response: LightMyRequestResponse, total: number) => {
  expect(response.headers['total-count']).toBe(String(total));
  expect(response.headers['total-count-relation']).toBeUndefined();
  expect(String(response.headers.link)).toContain('rel="last"');
};

describe('a numbered list searched by text', () => {
  it('counts a lone word up to 1,000: next while the page is full, no last', async () => {
    const first = await list('/api/jobs?q=water&s=50');
    capped(first);
    expect(first.json()).toHaveLength(50);
    expect(relations(first)).toEqual(['first 1', 'next 2']);
  });

  it('pages on past the 1,000th match, and stops where the matches do', async () => {
    const page21 = await list('/api/jobs?q=water&s=50&p=21');
    capped(page21);
    expect(page21.json().map((job: { number: number }) => job.number)).toEqual(
      Array.from({ length: 50 }, (_, i) => 50 - i),
    );
    expect(relations(page21)).toEqual(['first 1', 'prev 20', 'next 22']);
    const page22 = await list('/api/jobs?q=water&s=50&p=22');
    capped(page22);
    expect(page22.json()).toEqual([]);
    expect(relations(page22)).toEqual(['first 1', 'prev 21']);
  });

  it('caps a word with other terms, and a text field', async () => {
    for (const q of ['water AND status:OPEN_NEW', 'hot water', 'reference:water']) {
      const response = await list(`/api/jobs?q=${encodeURIComponent(q)}&s=50&p=2`);
      capped(response);
      expect(response.json()).toHaveLength(50);
      expect(relations(response)).toEqual(['first 1', 'prev 1', 'next 3']);
    }
  });

  it('counts exactly below the cap', async () => {
    const response = await list('/api/jobs?q=drain&s=20');
    exact(response, 50);
    expect(relations(response)).toEqual(['first 1', 'next 2', 'last 3']);
    exact(await list('/api/jobs?q=drain AND status:OPEN_NEW&s=20&p=3'), 50);
  });

  it('keeps exact counts for structured terms, however many match', async () => {
    exact(await list('/api/jobs?q=status:OPEN_NEW'), 1100);
    exact(await list('/api/jobs'), 1100);
    exact(await list('/api/jobs?q=number:[1 TO 1099]&p=3'), 1099);
  });
});

describe('a sorted list searched by text', () => {
  it('counts up to 1,000 on any page', async () => {
    const first = await list('/api/customers?q=harbour&s=100');
    capped(first);
    expect(relations(first)).toEqual(['first 1', 'next 2']);
    const page11 = await list('/api/customers?q=harbour&s=100&p=11');
    capped(page11);
    expect(page11.json()).toHaveLength(1);
    expect(page11.json()[0].name).toBe('Harbour Electrical 1001');
    expect(relations(page11)).toEqual(['first 1', 'prev 10']);
  });

  it('is exact at 1,000 matches, and for the whole list', async () => {
    const response = await list('/api/customers?q=exact&s=100&p=2');
    exact(response, 1000);
    expect(relations(response)).toEqual(['first 1', 'prev 1', 'next 3', 'last 10']);
    exact(await list('/api/customers?s=100'), 2002);
  });
});
