// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { acmePlumbing, bondiElectrical, idTokenClaims, testConfig } from '../../testing/fixtures';
import { readTenancy } from './claims';

const ns = testConfig.claimNamespace;

describe('readTenancy', () => {
  it('finds the current tenant by the tenantId claim', () => {
    const tenancy = readTenancy(idTokenClaims({ tenantId: bondiElectrical.tenantId }), ns);

    expect(tenancy.status).toBe('ready');
    expect(tenancy.currentTenant?.tenantName).toBe('Bondi Electrical');
    expect(tenancy.tenants).toEqual([acmePlumbing, bondiElectrical]);
  });

  it('reads the claims only under the configured namespace', () => {
    const tenancy = readTenancy(idTokenClaims(), 'https://other.example/');

    expect(tenancy.status).toBe('needs-organisation');
    expect(tenancy.currentTenant).toBeUndefined();
  });

  it('says the user needs an organisation when the tenants list is empty', () => {
    expect(readTenancy(idTokenClaims({ tenants: [], tenantId: undefined }), ns).status).toBe(
      'needs-organisation',
    );
  });

  it('flags tenants without a tenantId claim, which triggers the one reload', () => {
    const tenancy = readTenancy(idTokenClaims({ tenantId: undefined }), ns);

    expect(tenancy.status).toBe('missing-tenant');
    expect(tenancy.tenants).toHaveLength(2);
  });

  it('ignores a malformed tenants claim rather than crash', () => {
    const claims = { ...idTokenClaims(), [`${ns}tenants`]: [{ id: 'x' }] };

    expect(readTenancy(claims, ns)).toMatchObject({ status: 'needs-organisation', tenants: [] });
  });

  it('handles a signed-out user with no claims', () => {
    expect(readTenancy(null, ns)).toMatchObject({ tenantId: undefined, tenants: [] });
  });
});
