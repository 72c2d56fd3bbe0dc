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

/** The tenants claim: a list of `{ tenantId, tenantName }` (zod is not downloaded for this one check). */
function tenantsClaim(value: unknown): Tenant[] {
  const isTenant = (item: unknown): item is Tenant =>
    typeof item === 'object' &&
    item !== null &&
    typeof (item as Partial<Tenant>).tenantId === 'string' &&
    typeof (item as Partial<Tenant>).tenantName === 'string';
  return Array.isArray(value) && value.every(isTenant)
    ? value.map(({ tenantId, tenantName }) => ({ tenantId, tenantName }))
    : [];
}

/** Reads the tenant claims, which live under the product's namespace (`{namespace}tenantId`, `{namespace}tenants`). */
export function readTenancy(claims: Record<string, unknown> | null | undefined, namespace: string): Tenancy {
  const rawTenantId = claims?.[`${namespace}tenantId`];
  const tenantId = typeof rawTenantId === 'string' && rawTenantId !== '' ? rawTenantId : undefined;
  const tenants = tenantsClaim(claims?.[`${namespace}tenants`]);
  const currentTenant = tenants.find((tenant) => tenant.tenantId === tenantId);
  let status: TenancyStatus = 'ready';
  if (tenants.length === 0) {
    status = 'needs-organisation';
  } else if (!tenantId) {
    status = 'missing-tenant';
  }
  return { status, tenantId, tenants, currentTenant };
}
