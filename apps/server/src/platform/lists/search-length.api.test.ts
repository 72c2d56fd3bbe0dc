import { MAX_SEARCH_BYTES, searchTooLong } from '@fieldbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { bearer, type TenantWithUser } from '../../test-support/factories.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// `q` is bounded on every list (`MAX_SEARCH_BYTES`): a list's Link header repeats it, and a long one made headers
// that Node's fetch refuses to read.

let t: TestApp;
let a: TenantWithUser;
let api: ApiClient;

withTwoTenants((env) => {
  ({ t, a } = env);
  api = apiAs(t, a.token);
});

beforeAll(async () => {
  await createCustomers(t, a.tenant.tenantId, [
    { name: 'Harbour View Strata' },
    { name: 'Glebe Bakery' },
    { name: 'Kirribilli Towers' },
  ]);
});

const LISTS = [
  '/api/members',
  '/api/invitations',
  '/api/customers',
  '/api/locations',
  '/api/jobs',
  '/api/sales/invoices',
  '/api/items',
  '/api/tax-rates',
  '/api/technicians',
  '/api/territories',
  '/api/templates',
  '/api/outbox',
];

const withQ = (list: string, q: string) => `${list}?q=${encodeURIComponent(q)}`;

describe('a q longer than the bound', () => {
  it.each(LISTS)('%s refuses a q of 1,001 characters with a 400 on q', async (list) => {
    const response = await api.get(withQ(list, 'x'.repeat(1001)));
    expect([response.statusCode, response.json()]).toEqual([
      400,
      {
        error: 'VALIDATION_FAILED',
        message: expect.any(String),
        fieldErrors: [{ field: 'q', message: searchTooLong }],
      },
    ]);
  });

  it.each(LISTS)('%s refuses 501 accented letters (1,002 bytes in UTF-8) with a 400 on q', async (list) => {
    const response = await api.get(withQ(list, 'é'.repeat(501)));
    expect([response.statusCode, response.json().fieldErrors]).toEqual([
      400,
      [{ field: 'q', message: searchTooLong }],
    ]);
  });
});

describe('a q at the bound', () => {
  it.each(LISTS)('%s answers a q of 1,000 characters', async (list) => {
    const response = await api.get(withQ(list, 'x'.repeat(1000)));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('searches with it: a long OR of names finds those customers', async () => {
    const q = `name:"Glebe Bakery" OR ${'zzzzzzzz OR '.repeat(40)}"${'y'.repeat(480)}"`;
    expect(q.length).toBeGreaterThan(950);
    expect(q.length).toBeLessThanOrEqual(MAX_SEARCH_BYTES);
    const response = await api.get(withQ('/api/customers', q));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().map((customer: { name: string }) => customer.name)).toEqual(['Glebe Bakery']);
  });
});

describe('the Link header of a list searched with the longest q', () => {
  it('stays small enough for Node’s fetch to read, however q is written', async () => {
    // 999 bytes in UTF-8, every one percent-encoded (three characters each): the longest a q can be in a URL.
    const q = `NOT "${'中'.repeat(331)}"`;
    expect(new TextEncoder().encode(q).length).toBe(999);
    const everyByteEncoded = [...new TextEncoder().encode(q)]
      .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
      .join('');
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/api/customers?q=${everyByteEncoded}&p=2&s=1`, {
      headers: bearer(a.token),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('total-count')).toBe('3');
    const link = response.headers.get('link') ?? '';
    expect(link.match(/rel="(first|prev|next|last)"/g)).toHaveLength(4);
    expect(link.length).toBeLessThan(13_000);
    const total = [...response.headers].reduce(
      (sum, [name, value]) => sum + name.length + value.length + 4,
      0,
    );
    expect(total).toBeLessThan(16 * 1024);
    for (const target of link.matchAll(/<([^>]+)>/g)) {
      expect(new URL(target[1] ?? '').searchParams.get('q')).toBe(q);
    }
  });
});
