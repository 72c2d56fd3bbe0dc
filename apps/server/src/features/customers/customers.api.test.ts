import { customerMessages } from '@fieldbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { expectPagesOfTheWhole } from '../../test-support/list-pages.ts';
import { describeRecordEndpoints } from '../../test-support/record-contract.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

describeRecordEndpoints(() => ({ t, a, b }), {
  path: '/api/customers',
  noun: 'customer',
  valid: () => ({ name: 'Bondi Beach Cafe', billingEmail: 'accounts@bondibeachcafe.example' }),
  change: {
    body: { name: '  Bondi Icebergs Cafe ', billingPhone: '(02) 5550 1234', notes: '' },
    expected: { name: 'Bondi Icebergs Cafe', billingPhone: '(02) 5550 1234', notes: null },
  },
  invalid: { body: { name: '  ', billingEmail: 'not an email' }, fields: ['name', 'billingEmail'] },
});

const bondi = {
  name: '  Harbour View Strata  ',
  billingAddress: 'Level 4, 1 Macquarie Pl, Sydney NSW 2000',
  billingPhone: '(02) 5550 0101',
  billingFax: '',
  billingEmail: 'levies@harbourviewstrata.example',
  website: 'https://harbourviewstrata.example',
  notes: null,
};

describe('POST /api/customers', () => {
  it('returns the customer with a number, trimmed text and null for empty fields', async () => {
    const { token } = await createTenantWithUser(t);
    const response = await apiAs(t, token).post('/api/customers/', bondi);
    expect(response.statusCode).toBe(201);
    const customer = response.json();
    expect(customer).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/),
      number: 1,
      name: 'Harbour View Strata',
      billingAddress: 'Level 4, 1 Macquarie Pl, Sydney NSW 2000',
      billingPhone: '(02) 5550 0101',
      billingFax: null,
      billingEmail: 'levies@harbourviewstrata.example',
      website: 'https://harbourviewstrata.example',
      notes: null,
      created: expect.any(String),
      updated: customer.created,
    });
  });

  it('numbers customers per organisation: each starts at 1', async () => {
    const first = await createTenantWithUser(t);
    const second = await createTenantWithUser(t);
    const numbers = async (token: string, count: number) => {
      const result: number[] = [];
      for (let i = 0; i < count; i++) {
        result.push((await apiAs(t, token).post('/api/customers', { name: `Customer ${i}` })).json().number);
      }
      return result;
    };
    expect(await numbers(first.token, 3)).toEqual([1, 2, 3]);
    expect(await numbers(second.token, 2)).toEqual([1, 2]);
    expect(await numbers(first.token, 1)).toEqual([4]);
  });

  it('gives concurrent creates distinct numbers', async () => {
    const { token } = await createTenantWithUser(t);
    const api = apiAs(t, token);
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.post('/api/customers', { name: `Parallel ${i}` })),
    );
    expect(created.map((response) => response.json().number).sort((x, y) => x - y)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('does not use up a number on a refused create', async () => {
    const { token } = await createTenantWithUser(t);
    const api = apiAs(t, token);
    expect((await api.post('/api/customers', { name: 'Valid', billingEmail: 'bad' })).statusCode).toBe(400);
    expect((await api.post('/api/customers', { name: 'Valid' })).json().number).toBe(1);
  });

  it('keeps an email address with an ampersand and an apostrophe, as real ones have', async () => {
    const response = await apiAs(t, a.token).post('/api/customers', {
      name: "O'Brien & Co",
      billingEmail: "o'brien&co+jobs@example.com.au",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().billingEmail).toBe("o'brien&co+jobs@example.com.au");
  });

  it('names each invalid field', async () => {
    const response = await apiAs(t, a.token).post('/api/customers', {
      name: 'x'.repeat(201),
      billingEmail: 'someone@',
      website: 42,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'name', message: 'Use at most 200 characters.' },
      { field: 'billingEmail', message: 'Enter a valid email address, such as name@example.com.' },
      { field: 'website', message: 'Enter text.' },
    ]);
  });
});

describe('phone, fax and website', () => {
  it('refuses a phone or fax that is not a phone number, and a website that is not a web address', async () => {
    const response = await apiAs(t, a.token).post('/api/customers', {
      name: 'Sydney Harbour Plumbing',
      billingPhone: 'call Dave',
      billingFax: '123',
      website: 'javascript:alert(1)',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'billingPhone', message: customerMessages.phone },
      { field: 'billingFax', message: customerMessages.phone },
      { field: 'website', message: customerMessages.website },
    ]);
  });

  it('stores a website typed without its scheme with https://', async () => {
    const api = apiAs(t, a.token);
    const created = await api.post('/api/customers', {
      name: 'Coogee Carpentry',
      billingPhone: '+61 2 9876-5432',
      website: 'coogeecarpentry.com.au',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      billingPhone: '+61 2 9876-5432',
      website: 'https://coogeecarpentry.com.au',
    });
    const saved = await api.put(`/api/customers/${created.json().id}`, {
      ...(created.json() as object),
      website: 'http://coogee.example/about',
    });
    expect(saved.json().website).toBe('http://coogee.example/about');
  });
});

describe('DELETE /api/customers/{id}', () => {
  it('deletes the customer with its locations', async () => {
    const { token } = await createTenantWithUser(t);
    const api = apiAs(t, token);
    const customer = (await api.post('/api/customers', { name: 'Moving Out' })).json();
    const location = { customer: { id: customer.id }, name: 'Home', country: 'Australia' };
    expect((await api.post('/api/locations', location)).statusCode).toBe(201);
    expect((await api.delete(`/api/customers/${customer.id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/locations?q=customer.id:${customer.id}`)).headers['total-count']).toBe('0');
  });

  it('refuses while jobs refer to the customer, and allows it once they are gone', async () => {
    const api = apiAs(t, a.token);
    const customer = (await api.post('/api/customers', { name: 'Has A Job' })).json();
    const job = (await api.post('/api/jobs', { customer: { id: customer.id } })).json();

    const refused = await api.delete(`/api/customers/${customer.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'CONFLICT',
      message: 'This customer has jobs, quotes or invoices, so it cannot be deleted.',
      fieldErrors: [],
    });
    expect((await api.get(`/api/customers/${customer.id}`)).statusCode).toBe(200);

    expect((await api.delete(`/api/jobs/${job.id}`)).statusCode).toBe(204);
    expect((await api.delete(`/api/customers/${customer.id}`)).statusCode).toBe(204);
  });
});

describe('GET /api/customers', () => {
  let api: ApiClient;
  const names = (response: { json(): unknown }) => (response.json() as { name: string }[]).map((c) => c.name);

  beforeAll(async () => {
    const { token, tenant } = await createTenantWithUser(t);
    api = apiAs(t, token);
    const customers = [
      {
        name: 'Acme Plumbing Supplies',
        billingEmail: 'accounts@acme.example',
        billingPhone: '(02) 5550 1111',
      },
      {
        name: 'Bella Vista Strata Management',
        billingAddress: '12 Smith St, Richmond VIC 3121',
        billingEmail: 'strata@bellavista.example',
      },
      { name: 'Café Crema', billingPhone: '0491 570 156', billingAddress: '3 Chapel St, Windsor VIC 3181' },
      { name: 'Daniel Nguyen', billingEmail: 'dan.nguyen@example.com' },
      { name: 'Emily Acmeson', notes: 'Prefers mornings' },
    ];
    const fillers = Array.from({ length: 30 }, (_, i) => ({
      name: `Filler ${String(i + 1).padStart(2, '0')}`,
    }));
    await createCustomers(t, tenant.tenantId, [...customers, ...fillers]);
  });

  it('lists everything by number for *, an empty q or no q, 15 to a page', async () => {
    for (const url of ['/api/customers', '/api/customers?q=*', '/api/customers?q=']) {
      const response = await api.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveLength(15);
      expect(response.json()[0]).toMatchObject({ number: 1, name: 'Acme Plumbing Supplies' });
      expect(response.headers['total-count']).toBe('35');
    }
  });

  it('matches bare words case-insensitively in name, number, email, phone and address', async () => {
    expect(names(await api.get('/api/customers?q=ACME'))).toEqual([
      'Acme Plumbing Supplies',
      'Emily Acmeson',
    ]);
    expect(names(await api.get('/api/customers?q=bellavista.example'))).toEqual([
      'Bella Vista Strata Management',
    ]);
    expect(names(await api.get('/api/customers?q=570'))).toEqual(['Café Crema']);
    expect(names(await api.get('/api/customers?q=richmond'))).toEqual(['Bella Vista Strata Management']);
    expect(names(await api.get('/api/customers?q=crema windsor'))).toEqual(['Café Crema']);
    expect(names(await api.get('/api/customers?q=35'))).toEqual(['Filler 30']);
    expect(names(await api.get('/api/customers?q=notes'))).toEqual([]);
  });

  it('matches term* at the start of a word', async () => {
    expect(names(await api.get('/api/customers?q=acm*'))).toEqual([
      'Acme Plumbing Supplies',
      'Emily Acmeson',
    ]);
    expect(names(await api.get('/api/customers?q=cmeson*'))).toEqual([]);
    expect(names(await api.get(`/api/customers?q=${encodeURIComponent('strata* AND nguy*')}`))).toEqual([]);
    expect(names(await api.get(`/api/customers?q=${encodeURIComponent('strata* OR nguy*')}`))).toEqual([
      'Bella Vista Strata Management',
      'Daniel Nguyen',
    ]);
  });

  it('matches field:value on the allowed fields', async () => {
    const query = async (q: string) => names(await api.get(`/api/customers?q=${encodeURIComponent(q)}`));
    expect(await query('name:acme')).toEqual(['Acme Plumbing Supplies', 'Emily Acmeson']);
    expect(await query('email:example.com')).toEqual(['Daniel Nguyen']);
    expect(await query('billingEmail:acme')).toEqual(['Acme Plumbing Supplies']);
    expect(await query('phone:"5550 1111"')).toEqual(['Acme Plumbing Supplies']);
    expect(await query('address:chapel')).toEqual(['Café Crema']);
    expect(await query('number:3')).toEqual(['Café Crema']);
    expect(await query('number:[2 TO 3]')).toEqual(['Bella Vista Strata Management', 'Café Crema']);
    expect(await query('email:* AND NOT name:acme')).toEqual([
      'Bella Vista Strata Management',
      'Daniel Nguyen',
    ]);
  });

  it('refuses a malformed query or an unknown field with 400 on q', async () => {
    for (const q of ['(acme', 'colour:red', 'number:abc', 'id:not-a-uuid', 'notes:morning']) {
      const response = await api.get(`/api/customers?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('VALIDATION_FAILED');
      expect(fieldsOf(response)).toEqual(['q']);
    }
  });

  it('pages with Total-Count and Link headers, through the last page and past it', async () => {
    const second = await api.get('/api/customers?p=2&s=10');
    expect(second.json().map((c: { number: number }) => c.number)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    expect(second.headers['total-count']).toBe('35');
    const link = (p: number) => `<http://localhost/api/customers?p=${p}&s=10>`;
    expect(second.headers.link).toBe(
      `${link(1)}; rel="first", ${link(1)}; rel="prev", ${link(3)}; rel="next", ${link(4)}; rel="last"`,
    );
    const last = await api.get('/api/customers?p=4&s=10');
    expect(last.json().map((c: { number: number }) => c.number)).toEqual([31, 32, 33, 34, 35]);
    expect(last.headers.link).toBe(`${link(1)}; rel="first", ${link(3)}; rel="prev", ${link(4)}; rel="last"`);
    const past = await api.get('/api/customers?p=9&s=10');
    expect(past.json()).toEqual([]);
    expect(past.headers['total-count']).toBe('35');
  });

  it('reads every page, those past the middle from the far end, as the rows of the whole list', async () => {
    const lengths: Record<string, number> = {};
    for (const q of ['*', 'filler', 'number:[3 TO 31] AND NOT acme'])
      lengths[q] = (await expectPagesOfTheWhole(api, '/api/customers', q, [1, 4, 5, 15])).length;
    expect(lengths).toEqual({ '*': 35, filler: 30, 'number:[3 TO 31] AND NOT acme': 28 });
  });

  it("counts a search's matches whether its first page is part full, just full or overflowing", async () => {
    const first = async (q: string, size: number) => {
      const response = await api.get(`/api/customers?q=${encodeURIComponent(q)}&s=${size}`);
      return { count: response.json().length, total: response.headers['total-count'] };
    };
    expect(await first('filler', 29)).toEqual({ count: 29, total: '30' });
    expect(await first('filler', 30)).toEqual({ count: 30, total: '30' });
    expect(await first('filler', 31)).toEqual({ count: 30, total: '30' });
    expect(await first('acme', 1)).toEqual({ count: 1, total: '2' });
    expect(await first('acme', 2)).toEqual({ count: 2, total: '2' });
    expect(await first('acme', 3)).toEqual({ count: 2, total: '2' });
  });

  it('answers a search with no match with an empty page', async () => {
    const response = await api.get('/api/customers?q=zzzz');
    expect(response.json()).toEqual([]);
    expect(response.headers['total-count']).toBe('0');
    expect(response.headers.link).toContain('rel="last"');
  });

  it('refuses a bad page or page size', async () => {
    const response = await api.get('/api/customers?p=0&s=5000');
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['p', 's']);
  });

  it("never lists another organisation's customers", async () => {
    const other = await apiAs(t, b.token).get('/api/customers?q=acme');
    expect(other.json()).toEqual([]);
  });
});

describe('POST /api/customers with an Idempotency-Key', () => {
  it('stores and replays an answer of quotes, backslashes and other scripts exactly', async () => {
    const api = apiAs(t, a.token);
    const body = {
      name: `O'Brien \\ "Sons" — Plumbing & Gas ${Math.random()}`,
      notes: "Gate code 4\\5; ring twice.\nDon't park on the grass: 'Müller' 水道 🔧",
    };
    const key = { 'idempotency-key': `O'Key\\${Math.random()}` };
    const first = await api.post('/api/customers', body, key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject(body);
    const retry = await api.post('/api/customers', body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
  });
});
