import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { describeRecordEndpoints } from '../../test-support/record-contract.ts';
import { createItems } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

let sequence = 0;
describeRecordEndpoints(() => ({ t, a, b }), {
  path: '/api/items',
  noun: 'item',
  valid: () => ({ code: `TAP-${++sequence}`, description: 'Tap washer replacement', price: '18.50' }),
  change: {
    body: { description: ' Tap washer, ceramic cartridge ', price: 42 },
    expected: { description: 'Tap washer, ceramic cartridge', price: '42.00' },
  },
  invalid: { body: { code: ' ', price: '-1' }, fields: ['code', 'description', 'price'] },
});

const duplicate = {
  error: 'VALIDATION_FAILED',
  message: 'Some of what was entered needs a change.',
  fieldErrors: [{ field: 'code', message: 'An item with this code already exists.' }],
};

describe('POST /api/items', () => {
  it('takes the price as text or a number and returns it as text with 2 decimals', async () => {
    const api = apiAs(t, a.token);
    const asNumber = await api.post('/api/items', {
      code: 'HWS-315',
      description: 'Hot water system',
      price: 1899.9,
    });
    expect(asNumber.statusCode).toBe(201);
    expect(asNumber.json()).toEqual({
      id: expect.any(String),
      code: 'HWS-315',
      description: 'Hot water system',
      price: '1899.90',
      created: expect.any(String),
      updated: expect.any(String),
    });
    const asText = await api.post('/api/items', {
      code: 'CALL',
      description: 'Call-out fee',
      price: ' 0.1 ',
    });
    expect(asText.json().price).toBe('0.10');
    const largest = await api.post('/api/items', {
      code: 'BIG',
      description: 'Plant',
      price: '9999999999.99',
    });
    expect(largest.json().price).toBe('9999999999.99');
    const asTyped = await api.post('/api/items', {
      code: 'HWS-250',
      description: 'Hot water unit',
      price: '$1,234.5',
    });
    expect(asTyped.statusCode).toBe(201);
    expect(asTyped.json().price).toBe('1234.50');
  });

  it.each([
    [-5, 'The price cannot be negative.'],
    ['12.345', 'Use at most 2 decimal places.'],
    ['1e3', 'Enter the price as a number, such as 12.50.'],
    ['1,23.4', 'Enter the price as a number, such as 12.50.'],
    ['12.50 AUD', 'Enter the price as a number, such as 12.50.'],
    ['10000000000', 'The price is too large.'],
    [null, 'Enter the price.'],
    [true, 'Enter the price.'],
  ])('refuses the price %j', async (price, message) => {
    const response = await apiAs(t, a.token).post('/api/items', { code: 'X', description: 'X', price });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'price', message }]);
  });

  it('refuses a code the organisation already uses, in any case', async () => {
    const api = apiAs(t, a.token);
    expect(
      (await api.post('/api/items', { code: 'GAS-01', description: 'Gas fitting', price: 95 })).statusCode,
    ).toBe(201);
    const again = await api.post('/api/items', { code: ' gas-01 ', description: 'Other', price: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(duplicate);
  });

  it('allows the same code in another organisation', async () => {
    const body = { code: 'SHARED-1', description: 'Same code', price: 1 };
    expect((await apiAs(t, a.token).post('/api/items', body)).statusCode).toBe(201);
    expect((await apiAs(t, b.token).post('/api/items', body)).statusCode).toBe(201);
  });
});

describe('PUT /api/items/{id}', () => {
  it("refuses to take another item's code", async () => {
    const api = apiAs(t, a.token);
    await api.post('/api/items', { code: 'RCD-2P', description: 'RCD two pole', price: 120 });
    const item = (
      await api.post('/api/items', { code: 'RCD-4P', description: 'RCD four pole', price: 180 })
    ).json();
    const response = await api.put(`/api/items/${item.id}`, { ...item, code: 'rcd-2p' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(duplicate);
    expect((await api.get(`/api/items/${item.id}`)).json().code).toBe('RCD-4P');
  });

  it('may keep its own code in another case', async () => {
    const api = apiAs(t, a.token);
    const item = (
      await api.post('/api/items', { code: 'SOLAR-PV', description: 'Inverter', price: 2400 })
    ).json();
    const response = await api.put(`/api/items/${item.id}`, { ...item, code: 'Solar-PV' });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe('Solar-PV');
  });
});

describe('GET /api/items', () => {
  let api: ApiClient;
  const codes = (response: { json(): unknown }) => (response.json() as { code: string }[]).map((i) => i.code);
  const search = async (q: string) => codes(await api.get(`/api/items?q=${encodeURIComponent(q)}`));

  beforeAll(async () => {
    const { token, tenant } = await createTenantWithUser(t);
    api = apiAs(t, token);
    const items = [
      ['PL-TAP', 'Mixer tap, kitchen', '189.00'],
      ['pl-drain', 'Drain clearing, first hour', '165.00'],
      ['EL-GPO', 'Double power point (GPO)', '85.50'],
      ['EL-LED', 'LED downlight, warm white', '39.95'],
      ['HV-SPLIT', 'Split system service', '149.00'],
    ];
    const fillers = Array.from({ length: 10 }, (_, i) => ({
      code: `Z-${String(i + 1).padStart(2, '0')}`,
      description: 'Filler',
      price: i + 1,
    }));
    await createItems(t, tenant.tenantId, [
      ...items.map(([code = '', description = '', price = '']) => ({ code, description, price })),
      ...fillers,
    ]);
  });

  it('lists by code, case-insensitively, 10 to a page', async () => {
    const response = await api.get('/api/items');
    expect(codes(response)).toEqual([
      'EL-GPO',
      'EL-LED',
      'HV-SPLIT',
      'pl-drain',
      'PL-TAP',
      'Z-01',
      'Z-02',
      'Z-03',
      'Z-04',
      'Z-05',
    ]);
    expect(response.headers['total-count']).toBe('15');
    expect(response.headers.link).toContain('<http://localhost/api/items?p=2&s=10>; rel="last"');
    expect(codes(await api.get('/api/items?p=2'))).toEqual(['Z-06', 'Z-07', 'Z-08', 'Z-09', 'Z-10']);
  });

  it('matches the start of words in code and description', async () => {
    // A word matches the words that start with it: pl finds PL-TAP, not HV-SPLIT.
    expect(await search('pl')).toEqual(['pl-drain', 'PL-TAP']);
    expect(await search('pl-*')).toEqual(['pl-drain', 'PL-TAP']);
    expect(await search('DOWNLIGHT')).toEqual(['EL-LED']);
    expect(await search('tap kitchen')).toEqual(['PL-TAP']);
    expect(await search('serv*')).toEqual(['HV-SPLIT']);
    expect(await search('ervice*')).toEqual([]);
  });

  it('matches code, description and price fields', async () => {
    expect(await search('code:el')).toEqual(['EL-GPO', 'EL-LED']);
    expect(await search('description:"first hour"')).toEqual(['pl-drain']);
    expect(await search('price:>150 AND NOT code:z*')).toEqual(['pl-drain', 'PL-TAP']);
    expect(await search('price:[39.95 TO 85.5]')).toEqual(['EL-GPO', 'EL-LED']);
    expect(await search('price:85.50')).toEqual(['EL-GPO']);
  });

  it('refuses a malformed query with 400 on q', async () => {
    for (const q of ['price:cheap', 'colour:red', 'code:>a', '"open']) {
      const response = await api.get(`/api/items?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual(['q']);
    }
  });
});
