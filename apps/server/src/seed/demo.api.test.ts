import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../identity/accounts.ts';
import { listTenantsOf } from '../tenants/tenants.ts';
import { apiAs } from '../test-support/api-client.ts';
import { signAccessToken } from '../test-support/factories.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { DEMO_TENANTS, DEMO_USER, seedDemo } from './demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedDemo', () => {
  it('seeds the demo organisations once, each with customers, their locations and a catalogue', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    expect(await seedDemo(t.database.db)).toBe(false);

    const user = await findUserByEmail(t.database.db, DEMO_USER.email);
    const organisations = await listTenantsOf(t.database.db, user?.id ?? '');
    expect(organisations.map((o) => o.tenantName)).toEqual(DEMO_TENANTS);
    for (const { tenantId } of organisations) {
      const api = apiAs(t, await signAccessToken(t, { sub: user?.id ?? '', tenantId }));
      const customers = await api.get('/api/customers?s=100');
      expect(customers.json()).toHaveLength(30);
      expect(customers.json().map((c: { number: number }) => c.number)).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
      expect(Number((await api.get('/api/locations')).headers['total-count'])).toBeGreaterThanOrEqual(30);
      const items = await api.get('/api/items?s=100');
      expect(items.json()).toHaveLength(25);
      for (const item of items.json()) expect(item.price).toMatch(/^\d+\.\d{2}$/);
    }
  });
});
