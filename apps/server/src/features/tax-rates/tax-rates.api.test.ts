import type { TaxRate } from '@fieldbook/domain';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../test-support/api-client.ts';
import { createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { describeRecordEndpoints } from '../../test-support/record-contract.ts';
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
  path: '/api/tax-rates',
  noun: 'tax rate',
  valid: () => ({ name: `Luxury car tax ${++sequence}`, rate: '33' }),
  change: {
    body: { name: ' Wine equalisation tax ', rate: 29 },
    expected: { name: 'Wine equalisation tax', rate: '29' },
  },
  invalid: { body: { name: ' ', rate: '-1' }, fields: ['name', 'rate'] },
});

describe('tax rates', () => {
  it('start as GST at 10 and GST Free at 0 in a new organisation, listed by name', async () => {
    const fresh = await createTenantWithUser(t);
    const response = await apiAs(t, fresh.token).get('/api/tax-rates');
    expect(response.statusCode).toBe(200);
    expect(response.headers['total-count']).toBe('2');
    expect((response.json() as TaxRate[]).map(({ name, rate }) => ({ name, rate }))).toEqual([
      { name: 'GST', rate: '10' },
      { name: 'GST Free', rate: '0' },
    ]);
  });

  it.each([
    ['12.5', '12.5'],
    [7.25, '7.25'],
    ['10.0000', '10'],
    ['0.0001', '0.0001'],
    ['250', '250'],
  ])('take the rate %j and give it back as %j', async (rate, expected) => {
    const response = await apiAs(t, a.token).post('/api/tax-rates', { name: `Rate ${++sequence}`, rate });
    expect(response.statusCode, JSON.stringify(response.json())).toBe(201);
    expect(response.json().rate).toBe(expected);
    const read = await apiAs(t, a.token).get(`/api/tax-rates/${response.json().id}`);
    expect(read.json().rate).toBe(expected);
  });

  it.each([
    ['10%', 'Enter the tax rate as a number, such as 10.'],
    ['$10', 'Enter the tax rate as a number, such as 10.'],
    ['1,000', 'Enter the tax rate as a number, such as 10.'],
    ['-2', 'The tax rate cannot be negative.'],
    ['10.12345', 'Use at most 4 decimal places.'],
    [null, 'Enter the tax rate.'],
  ])('refuse the rate %j', async (rate, message) => {
    const response = await apiAs(t, a.token).post('/api/tax-rates', { name: 'Odd', rate });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'rate', message }]);
  });

  it('refuse a name the organisation already uses, in any case, and allow it in another organisation', async () => {
    const response = await apiAs(t, a.token).post('/api/tax-rates', { name: 'gst', rate: '10' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'name', message: 'A tax with this name already exists.' },
    ]);
    const other = await apiAs(t, b.token).post('/api/tax-rates', { name: 'Gst (old)', rate: '10' });
    expect(other.statusCode).toBe(201);
  });

  it('search by name', async () => {
    const response = await apiAs(t, a.token).get(`/api/tax-rates?q=${encodeURIComponent('free')}`);
    expect((response.json() as TaxRate[]).map((rate) => rate.name)).toEqual(['GST Free']);
  });
});
