import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../test-support/api-client.ts';
import type { TenantWithUser } from '../test-support/factories.ts';
import type { TestApp } from '../test-support/test-app.ts';
import { withTwoTenants } from '../test-support/two-tenants.ts';
import { visibleCustomers, visibleItems, visibleLocations } from './schema.ts';
import { inTenant } from './tenant-scope.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});
beforeAll(async () => {
  for (const { token } of [a, b]) {
    const api = apiAs(t, token);
    const customer = (await api.post('/api/customers', { name: 'Someone' })).json();
    await api.post('/api/locations', { customer: { id: customer.id }, name: 'Site', country: 'Australia' });
    await api.post('/api/items', { code: 'X', description: 'Thing', price: 1 });
  }
});

// Lists search through these views rather than the tables (see migration 0005): they must hold the same line.
describe.each([
  ['visible_customers', visibleCustomers],
  ['visible_locations', visibleLocations],
  ['visible_items', visibleItems],
])('%s', (_name, view) => {
  it("shows the transaction's tenant only, even to a query that names no tenant", async () => {
    const rows = await inTenant(t.database.db, a.tenant.tenantId, (tx) =>
      tx.select({ tenantId: view.tenantId }).from(view),
    );
    expect(rows).toEqual([{ tenantId: a.tenant.tenantId }]);
  });

  it('shows nothing when no tenant is set', async () => {
    const rows = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role fieldbook_app`);
      return tx.select({ tenantId: view.tenantId }).from(view);
    });
    expect(rows).toEqual([]);
  });

  it("cannot be asked for another tenant's rows", async () => {
    const rows = await inTenant(t.database.db, a.tenant.tenantId, (tx) =>
      tx.select({ tenantId: view.tenantId }).from(view).where(sql`${view.tenantId} = ${b.tenant.tenantId}`),
    );
    expect(rows).toEqual([]);
  });
});
