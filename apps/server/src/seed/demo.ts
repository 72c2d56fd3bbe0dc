import { sql } from 'drizzle-orm';
import { createCustomer } from '../customers/customers.ts';
import { createLocation } from '../customers/locations.ts';
import type { Db, Tx } from '../db/database.ts';
import { tenants } from '../db/schema.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { createUser } from '../identity/accounts.ts';
import { createItem } from '../items/items.ts';
import { createTenant } from '../tenants/tenants.ts';
import { DEMO_ORGANISATIONS, type DemoOrganisation } from './demo-records.ts';

/** Shown in the README and on the embedded sign-in page. */
export const DEMO_USER = { email: 'demo@fieldbook.example', password: 'fieldbook-demo' };
export const DEMO_TENANTS = DEMO_ORGANISATIONS.map(([name]) => name);

/** On the first start of an empty database, a demo user in two demo organisations, so nothing is empty. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(tenants);
  if (Number(row?.count) > 0) return false;
  const user = await createUser(db, { ...DEMO_USER, name: 'Dana Demo' });
  for (const [name, records] of DEMO_ORGANISATIONS) {
    const { tenantId } = await createTenant(db, { name, creatorSubject: user.id });
    await inTenant(db, tenantId, (tx) => seedRecords(tx, tenantId, records));
  }
  return true;
}

/** "12 Smith St, Richmond VIC 3121" → street1, suburb, state, postcode. */
function siteAddress(address: string) {
  const match = /^(.*), ([^,]+) (NSW|VIC|QLD|SA|WA|TAS|NT|ACT) (\d{4})$/.exec(address);
  if (!match) throw new Error(`Demo address not in "street, suburb STATE postcode" form: ${address}`);
  const [, street1, suburb, state, postcode] = match;
  return {
    street1: street1 ?? null,
    suburb: suburb ?? null,
    state: state ?? null,
    postcode: postcode ?? null,
  };
}

/** Customers with their sites, and the catalogue, through the same functions the API uses. */
async function seedRecords(tx: Tx, tenantId: string, records: DemoOrganisation): Promise<void> {
  for (const demo of records.customers) {
    const customer = await createCustomer(tx, tenantId, {
      name: demo.name,
      billingAddress: demo.address,
      billingPhone: demo.phone,
      billingFax: null,
      billingEmail: demo.email,
      website: demo.website ?? null,
      notes: demo.notes ?? null,
    });
    for (const [name, address] of demo.sites ?? [['Home', demo.address]]) {
      await createLocation(tx, tenantId, {
        customer: { id: customer.id },
        name,
        ...siteAddress(address),
        country: 'Australia',
      });
    }
  }
  for (const [code, description, price] of records.items) {
    await createItem(tx, tenantId, { code, description, price });
  }
}
