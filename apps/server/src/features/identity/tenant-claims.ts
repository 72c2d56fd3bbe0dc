/** An organisation a user belongs to, as the tokens name it. */
export interface TenantEntry {
  tenantId: string;
  tenantName: string;
}

/**
 * Who belongs to which organisation, as the identity provider asks it: the tenants feature answers, and app.ts
 * hands its answers in (identity imports no other feature).
 */
export interface Memberships {
  isMember(tenantId: string, subject: string): Promise<boolean>;
  /** The user's organisations, oldest membership first (the first is the default at sign-in). */
  tenantsOf(subject: string): Promise<TenantEntry[]>;
}

export const tenantClaimNames = (namespace: string) => ({
  tenantId: `${namespace}tenantId`,
  tenants: `${namespace}tenants`,
});

type TenantClaimNames = ReturnType<typeof tenantClaimNames>;

type ClaimsRequest = Record<string, Record<string, { value?: unknown } | null> | undefined>;

/** The tenant an authorization asked for through the `tenant` parameter, carried as a claims request. */
export function requestedTenant(claims: unknown, names: TenantClaimNames): string | undefined {
  const value = (claims as ClaimsRequest | undefined)?.id_token?.[names.tenantId]?.value;
  return typeof value === 'string' ? value : undefined;
}

/** Adds "id_token: { <tenantId claim>: { value } }" to an OpenID claims request. */
export function withRequestedTenant(
  claims: unknown,
  names: TenantClaimNames,
  tenantId: string,
): ClaimsRequest {
  const request = { ...((claims as ClaimsRequest | undefined) ?? {}) };
  request.id_token = { ...request.id_token, [names.tenantId]: { value: tenantId } };
  return request;
}

/**
 * The tenant claims of a token: the user's tenants, and the one the token is for: the requested one when the user
 * is a member, else their first (none when the user has no tenant: they will be asked to create one).
 */
export async function tenantClaimsFor(
  memberships: Memberships,
  subject: string,
  requested: string | undefined,
  names: TenantClaimNames,
): Promise<Record<string, unknown>> {
  const tenants = await memberships.tenantsOf(subject);
  const chosen = requested ? tenants.find((t) => t.tenantId === requested) : tenants[0];
  return {
    ...(chosen ? { [names.tenantId]: chosen.tenantId } : {}),
    [names.tenants]: tenants,
  };
}
