import { and, asc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/database.ts';
import { memberships, tenants } from '../db/schema.ts';
import { seedReferenceData } from '../jobs/reference-data.ts';
import { seedOrganisation } from '../organisation/organisation.ts';
import { seedTaxRates } from '../tax-rates/tax-rates.ts';
import { seedTechnicians } from '../technicians/technicians.ts';

/** A tenant as the identity claims carry it. */
export interface TenantEntry {
  tenantId: string;
  tenantName: string;
}

/**
 * Creates a tenant with its creator as the first member and its reference data (job priorities, territories:
 * `territories` or one default; GST and GST Free), in one transaction.
 */
export async function createTenant(
  db: Db,
  input: {
    name: string;
    creatorSubject: string;
    territories?: readonly string[];
    technicians?: readonly string[];
  },
): Promise<TenantEntry> {
  const id = uuidv7();
  const name = input.name.trim();
  await db.transaction(async (tx) => {
    await tx.insert(tenants).values({ id, name });
    await tx.insert(memberships).values({ tenantId: id, subject: input.creatorSubject });
    await seedReferenceData(tx, id, input.territories);
    await seedTaxRates(tx, id);
    await seedOrganisation(tx, id);
    await seedTechnicians(tx, id, input.technicians);
  });
  return { tenantId: id, tenantName: name };
}

/** The user's tenants, oldest membership first (the first is the default tenant at sign-in). */
export function listTenantsOf(db: Db, subject: string): Promise<TenantEntry[]> {
  return db
    .select({ tenantId: tenants.id, tenantName: tenants.name })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.subject, subject))
    .orderBy(asc(memberships.created), asc(tenants.id));
}

export async function isMember(db: Db, tenantId: string, subject: string): Promise<boolean> {
  const rows = await db
    .select({ tenantId: memberships.tenantId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.subject, subject)));
  return rows.length > 0;
}
