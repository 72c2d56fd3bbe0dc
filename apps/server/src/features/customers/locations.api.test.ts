import { locationMessages } from '@fieldbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { expectPagesOfTheWhole } from '../../test-support/list-pages.ts';
import { describeRecordEndpoints } from '../../test-support/record-contract.ts';
import { createCustomers, createLocations } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let customerOfA: { id: string; name: string };
let customerOfB: { id: string; name: string };

withTwoTenants((env) => {
  ({ t, a, b } = env);
});
beforeAll(async () => {
  customerOfA = (await apiAs(t, a.token).post('/api/customers', { name: 'Harbour View Strata' })).json();
  customerOfB = (await apiAs(t, b.token).post('/api/customers', { name: 'Bravo Body Corporate' })).json();
});

const UNKNOWN_CUSTOMER = '01900000-0000-7000-8000-000000000000';

const site = (customerId: string) => ({
  customer: { id: customerId },
  name: '  Building A ',
  street1: '12 Smith St',
  suburb: 'Richmond',
  state: 'VIC',
  postcode: '3121',
  country: 'Australia',
});

describeRecordEndpoints(() => ({ t, a, b }), {
  path: '/api/locations',
  noun: 'location',
  valid: () => site(customerOfA.id),
  change: {
    body: {
      name: " O'Brien & Sons yard ",
      street1: '3/12 Illawarra Rd',
      suburb: 'Marrickville',
      state: 'nsw',
      postcode: '2204',
    },
    expected: {
      name: "O'Brien & Sons yard",
      street1: '3/12 Illawarra Rd',
      suburb: 'Marrickville',
      state: 'NSW',
      postcode: '2204',
      customer: { id: expect.any(String), name: 'Harbour View Strata' },
    },
  },
  invalid: {
    // A well-formed customer id: the body's own errors are found before any customer is looked for.
    body: {
      customer: { id: UNKNOWN_CUSTOMER },
      name: ' ',
      state: 'Sydney',
      postcode: 'ABCDE',
      country: 'AU',
    },
    fields: ['name', 'state', 'postcode'],
  },
});

describe('POST /api/locations', () => {
  it("adds a location to a customer and returns it with the customer's name", async () => {
    const response = await apiAs(t, a.token).post('/api/locations/', site(customerOfA.id));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      customer: { id: customerOfA.id, name: 'Harbour View Strata' },
      name: 'Building A',
      street1: '12 Smith St',
      suburb: 'Richmond',
      state: 'VIC',
      postcode: '3121',
      country: 'Australia',
      updated: expect.any(String),
    });
  });

  it('requires the customer, a name and the country', async () => {
    const response = await apiAs(t, a.token).post('/api/locations', { name: ' ', street1: '1 Main Rd' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'customer', message: 'Choose the customer.' },
      { field: 'name', message: 'Enter the location name.' },
      { field: 'country', message: 'Enter the country.' },
    ]);
    const malformed = await apiAs(t, a.token).post('/api/locations', { ...site('x'), customer: { id: 'x' } });
    expect(fieldsOf(malformed)).toEqual(['customer.id']);
  });

  it("refuses another organisation's customer, or one that does not exist, on customer.id", async () => {
    for (const id of [customerOfB.id, UNKNOWN_CUSTOMER]) {
      const response = await apiAs(t, a.token).post('/api/locations', site(id));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_FAILED',
        message: 'Some of what was entered needs a change.',
        fieldErrors: [{ field: 'customer.id', message: locationMessages.noSuchCustomer }],
      });
    }
    const ofB = await apiAs(t, b.token).get(`/api/locations?q=customer.id:${customerOfB.id}`);
    expect(ofB.json()).toEqual([]);
  });

  it('refuses a location for a customer deleted meanwhile, saying it may have been deleted', async () => {
    const { token } = await createTenantWithUser(t);
    const api = apiAs(t, token);
    const customer = (await api.post('/api/customers', { name: 'Gone Pty Ltd' })).json();
    expect((await api.delete(`/api/customers/${customer.id}`)).statusCode).toBe(204);
    const response = await api.post('/api/locations', site(customer.id));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'customer.id', message: locationMessages.noSuchCustomer },
    ]);
    expect((await api.get('/api/locations')).headers['total-count']).toBe('0');
  });

  it('is 401 without a token', async () => {
    const anonymous = apiAs(t, undefined);
    expect((await anonymous.post('/api/locations', site(customerOfA.id))).statusCode).toBe(401);
    expect((await anonymous.get('/api/locations')).statusCode).toBe(401);
  });

  it('creates once per Idempotency-Key', async () => {
    const { token } = await createTenantWithUser(t);
    const api = apiAs(t, token);
    const customer = (await api.post('/api/customers', { name: 'Retry Pty Ltd' })).json();
    const key = { 'idempotency-key': 'location-once' };
    const first = await api.post('/api/locations', site(customer.id), key);
    const retry = await api.post('/api/locations', site(customer.id), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect((await api.get('/api/locations')).headers['total-count']).toBe('1');
    const reused = await api.post('/api/locations', { ...site(customer.id), name: 'Other' }, key);
    expect(reused.statusCode).toBe(409);
  });
});

describe('GET /api/locations', () => {
  let api: ApiClient;
  let strata: { id: string };
  let cafe: { id: string };
  const names = (response: { json(): unknown }) => (response.json() as { name: string }[]).map((l) => l.name);
  const search = async (q: string) => names(await api.get(`/api/locations?q=${encodeURIComponent(q)}`));

  beforeAll(async () => {
    const { token, tenant } = await createTenantWithUser(t);
    api = apiAs(t, token);
    const names = [{ name: 'Bella Vista Strata' }, { name: 'Cafe Crema' }];
    const [madeStrata, madeCafe] = await createCustomers(t, tenant.tenantId, names);
    if (!madeStrata || !madeCafe) throw new Error('The customers were not made');
    strata = madeStrata;
    cafe = madeCafe;
    const at = (customer: { id: string }, name: string, suburb: string, state: string, postcode: string) => ({
      customer: { id: customer.id },
      name,
      suburb,
      state,
      postcode,
    });
    await createLocations(t, tenant.tenantId, [
      at(strata, 'Tower B', 'Parramatta', 'NSW', '2150'),
      at(strata, 'Tower A', 'Parramatta', 'NSW', '2150'),
      at(strata, 'Carpark', 'Westmead', 'NSW', '2145'),
      at(cafe, 'Windsor shop', 'Windsor', 'VIC', '3181'),
    ]);
  });

  it("lists by name, each with its customer's id and name", async () => {
    const response = await api.get('/api/locations');
    expect(names(response)).toEqual(['Carpark', 'Tower A', 'Tower B', 'Windsor shop']);
    expect(response.headers['total-count']).toBe('4');
    expect(response.json()[3]).toEqual({
      id: expect.any(String),
      customer: { id: cafe.id, name: 'Cafe Crema' },
      name: 'Windsor shop',
      street1: null,
      suburb: 'Windsor',
      state: 'VIC',
      postcode: '3181',
      country: 'Australia',
      updated: expect.any(String),
    });
  });

  it("lists one customer's locations with customer.id", async () => {
    expect(await search(`customer.id:${strata.id}`)).toEqual(['Carpark', 'Tower A', 'Tower B']);
    expect(await search(`customer.id:${cafe.id}`)).toEqual(['Windsor shop']);
  });

  it("finds nothing for another organisation's customer.id", async () => {
    expect(await search(`customer.id:${customerOfA.id}`)).toEqual([]);
  });

  it('matches words and the name, suburb, state and postcode fields', async () => {
    expect(await search('tower')).toEqual(['Tower A', 'Tower B']);
    expect(await search('parra*')).toEqual(['Tower A', 'Tower B']);
    expect(await search('suburb:westmead')).toEqual(['Carpark']);
    expect(await search('state:vic')).toEqual(['Windsor shop']);
    expect(await search('postcode:2150 AND name:"tower b"')).toEqual(['Tower B']);
  });

  it('pages with Total-Count and Link', async () => {
    const response = await api.get('/api/locations?p=2&s=3');
    expect(names(response)).toEqual(['Windsor shop']);
    expect(response.headers['total-count']).toBe('4');
    expect(response.headers.link).toContain('rel="prev"');
    expect(response.headers.link).not.toContain('rel="next"');
  });

  it('reads every page, those past the middle from the far end, as the rows of the whole list', async () => {
    // Many sites share a name: the order is by name, then id, read from either end.
    const { token, tenant } = await createTenantWithUser(t);
    const [depot] = await createCustomers(t, tenant.tenantId, [{ name: 'Depot Holdings' }]);
    await createLocations(
      t,
      tenant.tenantId,
      Array.from({ length: 17 }, (_, index) => ({
        customer: { id: depot?.id ?? '' },
        name: ['Depot', 'Annex', 'Yard'][index % 3],
        suburb: index % 2 === 0 ? 'Dandenong' : 'Clayton',
      })),
    );
    const own = apiAs(t, token);
    const lengths: Record<string, number> = {};
    for (const q of ['*', 'suburb:dandenong', 'depot'])
      lengths[q] = (await expectPagesOfTheWhole(own, '/api/locations', q, [1, 2, 5, 6])).length;
    expect(lengths).toEqual({ '*': 17, 'suburb:dandenong': 9, depot: 6 });
  });

  it('refuses a malformed query with 400 on q', async () => {
    for (const q of ['customer.id:nope', 'country:australia', 'name:']) {
      const response = await api.get(`/api/locations?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual(['q']);
    }
  });
});

describe('Australian addresses', () => {
  it('refuses a state that is not one of the eight and a postcode that is not four digits of it', async () => {
    const api = apiAs(t, a.token);
    const sydney = await api.post('/api/locations', {
      ...site(customerOfA.id),
      suburb: 'Sydney',
      state: 'Sydney',
      postcode: 'ABCDE',
    });
    expect(sydney.statusCode).toBe(400);
    expect(sydney.json()).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'Some of what was entered needs a change.',
      fieldErrors: [
        { field: 'state', message: locationMessages.state },
        { field: 'postcode', message: locationMessages.postcode },
      ],
    });
    const mismatch = await api.post('/api/locations', {
      ...site(customerOfA.id),
      state: 'NSW',
      postcode: '3121',
    });
    expect(mismatch.json().fieldErrors).toEqual([
      { field: 'postcode', message: '3121 is not a NSW postcode.' },
    ]);
  });

  it('stores a state typed in lower case, or by its name, as its abbreviation', async () => {
    const api = apiAs(t, a.token);
    const lower = await api.post('/api/locations', { ...site(customerOfA.id), state: 'vic', country: 'au' });
    expect(lower.statusCode).toBe(201);
    const created = lower.json() as { id: string; updated: string };
    expect(created).toMatchObject({ state: 'VIC', postcode: '3121', country: 'au' });
    const named = await api.put(`/api/locations/${created.id}`, {
      ...created,
      state: 'Australian Capital Territory',
      postcode: '0200',
    });
    expect(named.json()).toMatchObject({ state: 'ACT', postcode: '0200' });
  });

  it('keeps free text for other countries', async () => {
    const response = await apiAs(t, a.token).post('/api/locations', {
      ...site(customerOfA.id),
      name: 'Auckland office',
      suburb: 'Auckland Central',
      state: 'Auckland',
      postcode: 'AKL 1010',
      country: 'New Zealand',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ state: 'Auckland', postcode: 'AKL 1010' });
  });
});

describe('PUT and DELETE /api/locations/{id}', () => {
  it('keeps the location with its customer, whatever customer the body names', async () => {
    const api = apiAs(t, a.token);
    const other = (await api.post('/api/customers', { name: 'Other Strata' })).json();
    const location = (await api.post('/api/locations', site(customerOfA.id))).json();
    const saved = await api.put(`/api/locations/${location.id}`, {
      ...location,
      customer: { id: other.id },
      name: 'Building B',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Building B',
      customer: { id: customerOfA.id, name: 'Harbour View Strata' },
    });
    expect((await api.get(`/api/locations?q=customer.id:${other.id}`)).json()).toEqual([]);
  });

  it("shows the customer's new name after the customer is renamed", async () => {
    const api = apiAs(t, a.token);
    const customer = (await api.post('/api/customers', { name: 'Old Name Pty Ltd' })).json();
    const location = (await api.post('/api/locations', site(customer.id))).json();
    await api.put(`/api/customers/${customer.id}`, { ...customer, name: 'New Name Pty Ltd' });
    expect((await api.get(`/api/locations/${location.id}`)).json().customer.name).toBe('New Name Pty Ltd');
  });

  it('deletes one location and leaves the customer and its other locations', async () => {
    const api = apiAs(t, a.token);
    const customer = (await api.post('/api/customers', { name: 'Two Sites' })).json();
    const first = (await api.post('/api/locations', { ...site(customer.id), name: 'First' })).json();
    await api.post('/api/locations', { ...site(customer.id), name: 'Second' });
    expect((await api.delete(`/api/locations/${first.id}`)).statusCode).toBe(204);
    const left = await api.get(`/api/locations?q=customer.id:${customer.id}`);
    expect(left.json().map((location: { name: string }) => location.name)).toEqual(['Second']);
    expect((await api.get(`/api/customers/${customer.id}`)).statusCode).toBe(200);
  });

  it('refuses to delete a location while jobs refer to it', async () => {
    const api = apiAs(t, a.token);
    const location = (await api.post('/api/locations', site(customerOfA.id))).json();
    const job = { customer: { id: customerOfA.id }, location: { id: location.id } };
    const created = (await api.post('/api/jobs', job)).json();

    const refused = await api.delete(`/api/locations/${location.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'CONFLICT',
      message: 'This location has jobs or quotes, so it cannot be deleted.',
      fieldErrors: [],
    });
    expect((await api.delete(`/api/jobs/${created.id}`)).statusCode).toBe(204);
    expect((await api.delete(`/api/locations/${location.id}`)).statusCode).toBe(204);
  });
});
