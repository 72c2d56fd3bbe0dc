import * as z from 'zod/mini';

export interface Tenant {
  tenantId: string;
  tenantName: string;
}

/**
 * - `ready`: the token names a tenant the user belongs to.
 * - `needs-organisation`: the user belongs to no tenant yet.
 * - `missing-tenant`: the user has tenants but the token names none.
 */
export type TenancyStatus = 'ready' | 'needs-organisation' | 'missing-tenant';

export interface Tenancy {
  status: TenancyStatus;
  tenantId: string | undefined;
  tenants: Tenant[];
  currentTenant: Tenant | undefined;
}

const tenantsClaimSchema = z.array(z.object({ tenantId: z.string(), tenantName: z.string() }));

/** Reads the tenant claims, which live under the product's namespace (`{namespace}tenantId`, `{namespace}tenants`). */
export function readTenancy(claims: Record<string, unknown> | null | undefined, namespace: string): Tenancy {
  const rawTenantId = claims?.[`${namespace}tenantId`];
  const tenantId = typeof rawTenantId === 'string' && rawTenantId !== '' ? rawTenantId : undefined;
  const parsed = tenantsClaimSchema.safeParse(claims?.[`${namespace}tenants`]);
  const tenants = parsed.success ? parsed.data : [];
  const currentTenant = tenants.find((tenant) => tenant.tenantId === tenantId);
  let status: TenancyStatus = 'ready';
  if (tenants.length === 0) {
    status = 'needs-organisation';
  } else if (!tenantId) {
    status = 'missing-tenant';
  }
  return { status, tenantId, tenants, currentTenant };
}
