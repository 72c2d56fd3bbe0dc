import type { IdTokenClaims } from 'oidc-client-ts';
import type { AuthContextValue } from '../features/auth/auth-context';
import { readTenancy, type Tenant } from '../features/auth/claims';
import type { RuntimeConfig } from '../lib/config';

export const testConfig: RuntimeConfig = {
  issuer: 'http://localhost:3000/oidc',
  clientId: 'fieldbook-web',
  apiBaseUrl: 'http://localhost:3000/api',
  claimNamespace: 'https://fieldbook.app/',
  scope: 'openid profile email',
  helpUrl: 'https://help.fieldbook.app',
};

export const acmePlumbing: Tenant = { tenantId: 't-acme', tenantName: 'Acme Plumbing' };
export const bondiElectrical: Tenant = { tenantId: 't-bondi', tenantName: 'Bondi Electrical' };

interface ClaimsInput {
  tenantId?: string | undefined;
  tenants?: Tenant[];
  name?: string;
  email?: string;
}

/** ID token claims as the identity provider issues them, tenant claims under the product namespace. */
export function idTokenClaims(input: ClaimsInput = {}): IdTokenClaims {
  const {
    tenants = [acmePlumbing, bondiElectrical],
    name = 'Sam Citizen',
    email = 'sam@example.com.au',
  } = input;
  // An explicit `tenantId: undefined` means the claim is absent.
  const tenantId = 'tenantId' in input ? input.tenantId : acmePlumbing.tenantId;
  const ns = testConfig.claimNamespace;
  return {
    iss: testConfig.issuer,
    sub: 'user-1',
    aud: testConfig.clientId,
    exp: 2_000_000_000,
    iat: 1_700_000_000,
    name,
    email,
    ...(tenantId === undefined ? {} : { [`${ns}tenantId`]: tenantId }),
    [`${ns}tenants`]: tenants,
  };
}

/** A signed-in auth context whose actions are no-op spies unless overridden. */
export function fakeAuth(
  overrides: Partial<AuthContextValue> = {},
  claims: IdTokenClaims = idTokenClaims(),
): AuthContextValue {
  const resolved = () => Promise.resolve();
  return {
    status: 'authenticated',
    user: null,
    claims,
    tenancy: readTenancy(claims, testConfig.claimNamespace),
    error: null,
    signIn: resolved,
    signInPopup: resolved,
    switchTenant: resolved,
    refreshClaims: resolved,
    signOut: resolved,
    ...overrides,
  };
}
