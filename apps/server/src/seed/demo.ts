import { readFile } from 'node:fs/promises';
import { asc, eq, sql } from 'drizzle-orm';
import { createCustomer, createLocation } from '../features/customers/index.ts';
import { createUser, users } from '../features/identity/index.ts';
import { createItem } from '../features/items/index.ts';
import { organisationDetails } from '../features/organisation/index.ts';
import { memberships } from '../features/team/index.ts';
import { technicians } from '../features/technicians/index.ts';
import { createTenant } from '../features/tenants/index.ts';
import type { Db, Tx } from '../platform/db/database.ts';
import { inTenantWithin } from '../platform/db/tenant-scope.ts';
import { tenants } from '../platform/db/tenant-table.ts';
import { seedDemoInvoices } from './demo-invoices.ts';
import { type DemoSite, seedDemoJobs } from './demo-jobs.ts';
import { seedDemoQuotes } from './demo-quotes.ts';
import {
  DEMO_ORGANISATIONS,
  DEMO_TEAM,
  DEMO_TIME_ZONE,
  type DemoDetails,
  type DemoOrganisation,
} from './demo-records.ts';

/** Shown in the README and on the embedded sign-in page. */
export const DEMO_USER = { email: 'demo@fieldbook.example', password: 'fieldbook-demo' };
export const DEMO_TENANTS = DEMO_ORGANISATIONS.map(([name]) => name);

export { DEMO_TEAM };

// Any constant works; it only has to be the same in every process of this application.
export const SEED_LOCK = 7_283_140_022;

/**
 * On the first start of an empty database (no user and no organisation), a demo user in two demo
 * organisations, so nothing is empty. One transaction that first takes an advisory lock: processes starting
 * together seed once between them, and a crash or failure part-way leaves nothing behind, so the database is
 * either fully seeded or not seeded. A database with any user or organisation never gets demo data.
 * True when this call seeded.
 */
export function seedDemo(db: Db, organisations = DEMO_ORGANISATIONS): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const empty = (await tx.execute(
      sql`select not exists (select from ${users}) and not exists (select from ${tenants}) as empty`,
    )) as { rows: { empty: boolean }[] };
    if (!empty.rows[0]?.empty) return false;
    const user = await createUser(tx, { ...DEMO_USER, name: 'Dana Demo' });
    for (const [index, [name, records]] of organisations.entries()) {
      const { tenantId } = await createTenant(tx, {
        name,
        creator: { subject: user.id, name: user.name, email: user.email },
        territories: records.territories,
        technicians: records.technicians,
        timeZone: DEMO_TIME_ZONE,
      });
      if (index === 0) await seedDemoTeam(tx, tenantId);
      await inTenantWithin(tx, tenantId, (scoped) => seedRecords(scoped, tenantId, records, user.id));
    }
    return true;
  });
}

async function seedDemoTeam(tx: Tx, tenantId: string): Promise<void> {
  const crew = await tx
    .select({ id: technicians.id })
    .from(technicians)
    .where(eq(technicians.tenantId, tenantId))
    .orderBy(asc(technicians.name));
  for (const person of DEMO_TEAM) {
    const user = await createUser(tx, {
      email: person.email,
      name: person.name,
      password: DEMO_USER.password,
    });
    const technicianId = 'technician' in person ? (crew[person.technician]?.id ?? null) : null;
    await tx.insert(memberships).values({
      tenantId,
      subject: user.id,
      role: person.role,
      technicianId,
      name: user.name,
      email: user.email,
    });
  }
}

/** "12 Smith St, Richmond VIC 3121" → street1, suburb, state, postcode. */
function siteAddress(address: string) {
  const match = /^(.*), ([^,]+) (NSW|VIC|QLD|SA|WA|TAS|NT|ACT) (\d{4})$/.exec(address);
  if (!match) throw new Error(`Demo address not in "street, suburb STATE postcode" form: ${address}`);
  const [, street1 = null, suburb = null, state = null, postcode = null] = match;
  return { street1, suburb, state, postcode };
}

/** The organisation's details and logo, as its owner would enter them on the organisation page. */
async function seedDetails(tx: Tx, tenantId: string, { logo, ...details }: DemoDetails): Promise<void> {
  const bytes = await readFile(new URL(`./demo-logos/${logo}`, import.meta.url));
  await tx
    .update(organisationDetails)
    .set({ ...details, gstRegistered: true, logo: bytes, logoType: 'image/png' })
    .where(eq(organisationDetails.tenantId, tenantId));
}

/**
 * Details, customers with their sites, the catalogue, jobs, invoices and quotes, through the same functions the
 * API uses.
 */
async function seedRecords(
  tx: Tx,
  tenantId: string,
  records: DemoOrganisation,
  ownerSubject: string,
): Promise<void> {
  await seedDetails(tx, tenantId, records.details);
  const sites: DemoSite[] = [];
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
      const location = await createLocation(tx, tenantId, {
        customer: { id: customer.id },
        name,
        ...siteAddress(address),
        country: 'Australia',
      });
      sites.push({ customerId: customer.id, locationId: location.id });
    }
  }
  const catalogue = [];
  for (const [code, description, price] of records.items) {
    catalogue.push(await createItem(tx, tenantId, { code, description, price }));
  }
  const jobs = await seedDemoJobs(tx, tenantId, sites, catalogue);
  await seedDemoInvoices(tx, tenantId, jobs, sites, catalogue);
  await seedDemoQuotes(tx, tenantId, sites, catalogue, ownerSubject);
}
