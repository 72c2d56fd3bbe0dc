import { addressSuggestion } from '@fieldbook/domain';
import { describe, expect, it } from 'vitest';
import { apiAs, fieldsOf } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

const suggest = (token: string | undefined, q: string) =>
  apiAs(t, token).get(`/api/addresses/suggest?q=${encodeURIComponent(q)}`);
const addresses = (response: { json(): unknown }) =>
  (response.json() as { address: string }[]).map((suggestion) => suggestion.address);

describe('GET /api/addresses/suggest', () => {
  it('completes the locality of a typed street from the Australian localities', async () => {
    const response = await suggest(a.token, '12 Smith St, Richmond VIC');
    expect(response.statusCode).toBe(200);
    const [first] = response.json();
    // Every field of the specification is there, null where the part is not known.
    expect(Object.keys(first).sort()).toEqual(Object.keys(addressSuggestion.shape).sort());
    // The parts come from the parser (suggestions.test.ts checks each); here, that they reach the client.
    expect(first).toMatchObject({ address: '12 Smith Street, Richmond VIC 3121', unitNumber: null });
    expect([first.streetNumber, first.streetName, first.locality, first.postcode]).toEqual([
      '12',
      'Smith',
      'Richmond',
      '3121',
    ]);
  });

  it('offers localities that start with what was typed, at most 10', async () => {
    const found = addresses(await suggest(a.token, '12 Smith St, Rich'));
    expect(found).toHaveLength(10);
    for (const address of found) expect(address).toMatch(/^12 Smith Street, Rich/);
    expect(addresses(await suggest(a.token, 'Richmond VIC'))).toContain('Richmond VIC 3121');
  });

  it('gives a locality on its own its centre point', async () => {
    const [sydney] = (await suggest(a.token, 'Sydney NSW 2000')).json();
    expect(sydney).toMatchObject({ address: 'Sydney NSW 2000', locality: 'Sydney', postcode: '2000' });
    expect(sydney.latitude).toBeCloseTo(-33.87, 1);
    expect(sydney.longitude).toBeCloseTo(151.2, 1);
  });

  it("puts the organisation's own addresses first, and never another organisation's", async () => {
    const api = apiAs(t, a.token);
    const customer = (
      await api.post('/api/customers', {
        name: 'Riverside Body Corporate',
        billingAddress: '40 Swan St, Richmond VIC 3121',
      })
    ).json();
    await api.post('/api/locations', {
      customer: { id: customer.id },
      name: 'Pool plant room',
      street1: '7 Rowena Pde',
      suburb: 'Richmond',
      state: 'VIC',
      postcode: '3121',
      country: 'Australia',
    });
    const ours = addresses(await suggest(a.token, 'Rich'));
    expect(ours.slice(0, 2)).toEqual([
      '7 Rowena Parade, Richmond VIC 3121',
      '40 Swan Street, Richmond VIC 3121',
    ]);
    expect(ours).toHaveLength(10);
    expect(addresses(await suggest(a.token, 'rowena'))[0]).toBe('7 Rowena Parade, Richmond VIC 3121');
    const theirs = addresses(await suggest(b.token, 'Rich'));
    expect(theirs).not.toContain('7 Rowena Parade, Richmond VIC 3121');
    expect(addresses(await suggest(b.token, 'rowena'))).not.toContain('7 Rowena Parade, Richmond VIC 3121');
  });

  it('suggests nothing for fewer than 2 characters', async () => {
    expect((await suggest(a.token, ' r ')).json()).toEqual([]);
  });

  it('needs q, and at most 200 characters of it', async () => {
    const missing = await apiAs(t, a.token).get('/api/addresses/suggest');
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['q']);
    expect(fieldsOf(await suggest(a.token, 'x'.repeat(201)))).toEqual(['q']);
  });

  it('is 401 without a token', async () => {
    expect((await suggest(undefined, 'Rich')).statusCode).toBe(401);
  });
});
