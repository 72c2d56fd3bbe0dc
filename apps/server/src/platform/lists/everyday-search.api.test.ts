import { searchQuery } from '@fieldbook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { createCustomers, createItems } from '../../test-support/record-factories.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// What people type into the search boxes, sent as the web app sends it (`searchQuery`): never a 400, and it
// finds what they meant.
let t: TestApp;
let a: TenantWithUser;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenantWithUser(t);
  await createCustomers(t, a.tenant.tenantId, [
    { name: "O'Brien & Sons Plumbing" },
    { name: "St Columba's Parish" },
    { name: 'James & Olivia Nguyen', billingPhone: '+61 2 9000 1234' },
    { name: 'Amazing Grace! Café' },
    { name: 'Harbour View Strata', billingAddress: 'Unit 3/12 Illawarra Rd, Marrickville NSW 2204' },
  ]);
  await createItems(t, a.tenant.tenantId, [
    { code: 'SIL-100', description: '100% silicone sealant, clear', price: '12.50' },
    { code: 'TAPE-12', description: "Plumber's thread tape 12 mm", price: '3.20' },
    { code: 'ELB-HALF', description: '1/2" brass elbow', price: '7.80' },
    { code: 'CU15', description: 'Copper pipe 15 mm × 3 m', price: '48.00' },
    { code: 'VLV-DN20', description: 'Ball valve DN20', price: '36.00' },
    { code: 'PVC-90', description: 'PVC pipe 90mm', price: '22.00' },
  ]);
});
afterAll(() => t.close());

async function search(list: 'customers' | 'items', typed: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/${list}?${new URLSearchParams({ q: searchQuery(typed) })}`,
    headers: bearer(a.token),
  });
  expect(response.statusCode, `${typed} → ${response.body}`).toBe(200);
  return (response.json() as { name?: string; code?: string }[]).map((row) => row.name ?? row.code);
}

describe('searching with everyday text', () => {
  it.each([
    ["O'Brien", "O'Brien & Sons Plumbing"],
    ["o'brien & sons", "O'Brien & Sons Plumbing"],
    ["St Columba's", "St Columba's Parish"],
    ['James & Olivia', 'James & Olivia Nguyen'],
    ['+61', 'James & Olivia Nguyen'],
    ['(02) 9000', undefined],
    ['grace!', 'Amazing Grace! Café'],
    ['café', 'Amazing Grace! Café'],
    ['3/12 Illawarra', 'Harbour View Strata'],
  ])('customers: %s', async (typed, expected) => {
    const found = await search('customers', typed);
    if (expected) expect(found).toContain(expected);
  });

  it.each([
    ['100%', 'SIL-100'],
    ["plumber's", 'TAPE-12'],
    ['1/2"', 'ELB-HALF'],
    ['15mm', 'CU15'],
    ['15 mm', 'CU15'],
    ['"15 mm"', 'CU15'],
    ['12mm tape', 'TAPE-12'],
    ['90 mm', 'PVC-90'],
    ['dn20', 'VLV-DN20'],
    ['DN 20', 'VLV-DN20'],
    ['DN-20', 'VLV-DN20'],
    ['pipe*', 'CU15'],
  ])('items: %s', async (typed, expected) => {
    expect(await search('items', typed)).toContain(expected);
  });

  it('does not take a number for another: 15mm finds neither 150 mm, 1.5 mm nor 115mm', async () => {
    await createItems(t, a.tenant.tenantId, [
      { code: 'CU150', description: 'Copper pipe 150 mm', price: '90.00' },
      { code: 'WIRE-1.5', description: 'Cable 1.5 mm twin and earth', price: '2.10' },
      { code: 'RING-115', description: 'O-ring 115mm', price: '1.10' },
      { code: 'VLV-DN200', description: 'Gate valve DN200', price: '400.00' },
    ]);
    const found = await search('items', '15mm');
    expect(found).toContain('CU15');
    expect(found).not.toContain('CU150');
    expect(found).not.toContain('WIRE-1.5');
    expect(found).not.toContain('RING-115');
    // The last word matches from its start: DN20 finds DN200 too, as wil finds Wilson.
    expect(await search('items', 'DN20')).toEqual(['VLV-DN20', 'VLV-DN200']);
  });

  it('finds a customer whose name has an emoji by its words; a search of no words lists everything, as * does', async () => {
    await createCustomers(t, a.tenant.tenantId, [{ name: 'Reel 🐟 Fresh Seafood' }]);
    expect(await search('customers', 'reel')).toEqual(['Reel 🐟 Fresh Seafood']);
    expect(await search('customers', '🐟 fresh')).toEqual(['Reel 🐟 Fresh Seafood']);
    const everything = await search('customers', '*');
    expect(everything).toHaveLength(6);
    for (const typed of ['🐟', '&&', '!!!']) expect(await search('customers', typed)).toEqual(everything);
  });

  it('still refuses malformed syntax sent on purpose, naming q', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/items?${new URLSearchParams({ q: 'code:(SIL' })}`,
      headers: bearer(a.token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[0].field).toBe('q');
  });
});
