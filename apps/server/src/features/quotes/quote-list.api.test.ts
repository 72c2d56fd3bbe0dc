import type { Quote } from '@fieldbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import { createCustomers, createLocations } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let api: ApiClient;
/** The quotes in the order they were made (numbers 1 to 5). */
const made: Quote[] = [];
const ids: Record<string, string> = {};

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

async function create(body: Record<string, unknown>, status?: string): Promise<Quote> {
  const response = await api.post('/api/sales/quotes', body);
  expect(response.statusCode, response.body).toBe(201);
  let quote = response.json() as Quote;
  for (const next of status?.startsWith('CLOSED_') ? ['OPEN_SENT', status] : status ? [status] : []) {
    const saved = await api.put(`/api/sales/quotes/${quote.id}`, { ...quote, status: next });
    expect(saved.statusCode, saved.body).toBe(200);
    quote = saved.json();
  }
  return quote;
}

beforeAll(async () => {
  api = apiAs(t, a.token);
  const [cafe, dental] = await createCustomers(t, a.tenant.tenantId, [
    { name: 'Harbour Cafe' },
    { name: 'Nguyen Dental' },
  ]);
  if (!cafe || !dental) throw new Error('No customers');
  const [kitchen] = await createLocations(t, a.tenant.tenantId, [
    { customer: { id: cafe.id }, name: 'Kitchen' },
  ]);
  Object.assign(ids, { cafe: cafe.id, dental: dental.id, kitchen: kitchen?.id });
  const line = (amount: string) => [{ description: 'Work', amount }];
  // Expiry dates long past or far ahead, so that today's date decides nothing.
  made.push(
    await create(
      {
        customer: { id: cafe.id },
        reference: 'PO-4411',
        title: 'Replace the hot water system',
        date: '2020-01-10',
        expiry: '2020-02-10',
        lineItems: line('3200'),
      },
      'OPEN_SENT',
    ),
    await create(
      {
        customer: { id: cafe.id },
        location: { id: kitchen?.id },
        title: 'Bathroom renovation',
        date: '2020-03-01',
        expiry: '2099-12-31',
        lineItems: line('18000'),
      },
      'OPEN_SENT',
    ),
    await create({
      customer: { id: dental.id },
      reference: 'WO 77',
      title: 'Gas compliance check',
      date: '2026-06-01',
      expiry: '2026-06-30',
      lineItems: line('250'),
    }),
    await create(
      {
        customer: { id: dental.id },
        title: 'Roof gutter cleaning',
        date: '2026-07-15',
        expiry: '2099-01-01',
        lineItems: line('480'),
      },
      'CLOSED_ACCEPTED',
    ),
    await create(
      {
        customer: { id: dental.id },
        title: 'Old quote, declined',
        date: '2019-05-01',
        expiry: '2019-05-31',
        lineItems: line('99'),
      },
      'CLOSED_DECLINED',
    ),
  );
  // Another organisation's quote, which no search here may find.
  const [theirs] = await createCustomers(t, b.tenant.tenantId, [{ name: 'Harbour Cafe' }]);
  const other = await apiAs(t, b.token).post('/api/sales/quotes', {
    customer: { id: theirs?.id },
    title: 'Replace the hot water system',
    date: '2020-01-10',
    expiry: '2020-02-10',
    status: 'OPEN_SENT',
  });
  expect(other.statusCode).toBe(201);
});

/** The numbers of the quotes `q` finds (newest first), after checking Total-Count says as many. */
async function numbersOf(q: string): Promise<number[]> {
  const response = await api.get(`/api/sales/quotes?q=${encodeURIComponent(q)}&s=100`);
  expect(response.statusCode, response.body).toBe(200);
  const found = (response.json() as Quote[]).map((quote) => quote.number);
  expect(response.headers['total-count']).toBe(String(found.length));
  return found;
}

describe('GET /api/sales/quotes', () => {
  it('lists every quote newest first, whole, with the quote each read gives', async () => {
    const response = await api.get('/api/sales/quotes');
    expect(response.headers['total-count']).toBe('5');
    const listed = response.json() as Quote[];
    expect(listed.map((quote) => quote.number)).toEqual([5, 4, 3, 2, 1]);
    for (const quote of listed)
      expect(quote).toEqual((await api.get(`/api/sales/quotes/${quote.id}`)).json());
    expect(listed.map((quote) => quote.total)).toEqual(['99.00', '480.00', '250.00', '18000.00', '3200.00']);
  });

  it.each([
    ['status:OPEN_SENT', [2, 1]],
    ['status:CLOSED_ACCEPTED OR status:CLOSED_DECLINED', [5, 4]],
    ['number:3', [3]],
    ['3', [3]],
    ['date:[2020-01-01 TO 2020-12-31]', [2, 1]],
    ['date:2026-07-15', [4]],
    ['expiry:[2026-01-01 TO 2026-12-31]', [3]],
    ['expiry:>2098-12-31', [4, 2]],
    ['reference:po', [1]],
    ['WO', [3]],
    ['title:bathroom', [2]],
    ['gutter', [4]],
    ['"hot water"', [1]],
    ['nguyen', [5, 4, 3]],
    ['total:>1000', [2, 1]],
  ])('finds %s', async (q, numbers) => {
    expect(await numbersOf(q)).toEqual(numbers);
  });

  it('finds by customer and by location', async () => {
    expect(await numbersOf(`customer.id:${ids.cafe}`)).toEqual([2, 1]);
    expect(await numbersOf(`customer.id:${ids.dental} AND status:OPEN_DRAFT`)).toEqual([3]);
    expect(await numbersOf(`location.id:${ids.kitchen}`)).toEqual([2]);
  });

  it('finds the expired quotes: Sent and past the expiry, not a past Draft, Accepted or Declined one', async () => {
    expect(await numbersOf('expired:true')).toEqual([1]);
    expect(await numbersOf('expired:false')).toEqual([5, 4, 3, 2]);
    const [expired] = (await api.get('/api/sales/quotes?q=expired:true')).json() as Quote[];
    expect(expired).toMatchObject({ number: 1, status: 'OPEN_SENT', expired: true });
    expect(made[2]).toMatchObject({ status: 'OPEN_DRAFT', expired: false });
  });

  it('pages with Total-Count and Link headers, through the last page and past it', async () => {
    const link = (p: number) => `<http://localhost/api/sales/quotes?p=${p}&s=2>`;
    const second = await api.get('/api/sales/quotes?p=2&s=2');
    expect((second.json() as Quote[]).map((quote) => quote.number)).toEqual([3, 2]);
    expect(second.headers['total-count']).toBe('5');
    expect(second.headers.link).toBe(
      `${link(1)}; rel="first", ${link(1)}; rel="prev", ${link(3)}; rel="next", ${link(3)}; rel="last"`,
    );
    const last = await api.get('/api/sales/quotes?p=3&s=2');
    expect((last.json() as Quote[]).map((quote) => quote.number)).toEqual([1]);
    expect(last.headers.link).toBe(`${link(1)}; rel="first", ${link(2)}; rel="prev", ${link(3)}; rel="last"`);
    const past = await api.get('/api/sales/quotes?p=9&s=2');
    expect(past.json()).toEqual([]);
    expect(past.headers['total-count']).toBe('5');
  });

  it('refuses a malformed query or an unknown field with 400 on q', async () => {
    for (const q of ['(hot', 'colour:red', 'status:WON', 'number:abc', 'customer.id:nope', 'expired:maybe']) {
      const response = await api.get(`/api/sales/quotes?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(400);
      expect(fieldsOf(response)).toEqual(['q']);
    }
  });
});
