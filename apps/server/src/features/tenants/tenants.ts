import { newOrganisationTimeZone } from '@fieldbook/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../platform/db/database.ts';
import { tenants } from '../../platform/db/tenant-table.ts';
import { type TenantEntry, users } from '../identity/index.ts';
import { seedReferenceData } from '../jobs/index.ts';
import { seedOrganisation } from '../organisation/index.ts';
import { seedTaxRates } from '../tax-rates/index.ts';
import { memberships } from '../team/index.ts';
import { seedTechnicians } from '../technicians/index.ts';

/**
 * Creates a tenant with its creator as the first member and its reference data (job priorities, territories:
 * `territories` or one default; GST and GST Free), in one transaction.
 */
export async function createTenant(
  db: Db,
  input: {
    name: string;
    /** Its first member, an Owner, with their name and email as the identity provider knows them. */
    creator: { subject: string; name: string | null; email: string | null };
    territories?: readonly string[];
    technicians?: readonly string[];
    /** The creator's browser zone: the organisation's when it is Australian (`newOrganisationTimeZone`). */
    timeZone?: string;
  },
): Promise<TenantEntry> {
  const id = uuidv7();
  const name = input.name.trim();
  await db.transaction(async (tx) => {
    await tx.insert(tenants).values({ id, name });
    await seedReferenceData(tx, id, input.territories);
    await seedTaxRates(tx, id);
    await seedOrganisation(tx, id, newOrganisationTimeZone(input.timeZone));
    await seedTechnicians(tx, id, input.technicians);
    await tx.insert(memberships).values({ tenantId: id, role: 'OWNER', ...input.creator });
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

/**
 * Notes a member's sign-in (the web app reads GET /tenant once per sign-in), and their name and email as the
 * embedded identity provider now has them. At most once a minute per member: a reload is not a write.
 */
export async function recordSignIn(db: Db, tenantId: string, subject: string): Promise<void> {
  await db.execute(sql`
    update ${memberships} m set last_sign_in = now(),
      name = coalesce(u.name, m.name), email = coalesce(u.email, m.email)
    from (select 1) one left join ${users} u on u.id::text = ${subject}
    where m.tenant_id = ${tenantId} and m.subject = ${subject}
      and (m.last_sign_in is null or m.last_sign_in < now() - interval '1 minute')`);
}

export async function isMember(db: Db, tenantId: string, subject: string): Promise<boolean> {
  const rows = await db
    .select({ tenantId: memberships.tenantId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.subject, subject)));
  return rows.length > 0;
}
