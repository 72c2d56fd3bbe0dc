import { describe, expect, it } from 'vitest';
import { bearer, signAccessToken, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

const getTenant = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/tenant', headers });

describe('bearer token verification', () => {
  it('accepts a valid token for a tenant the user belongs to', async () => {
    const response = await getTenant(bearer(a.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      tenantId: a.tenant.tenantId,
      tenantName: 'Alpha Plumbing',
      role: 'OWNER',
    });
  });

  it('is 401 without a token', async () => {
    const response = await getTenant();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHENTICATED', fieldErrors: [] });
  });

  it('is 401 for a malformed authorization header', async () => {
    expect((await getTenant({ authorization: 'Basic abc' })).statusCode).toBe(401);
    expect((await getTenant({ authorization: 'Bearer not-a-jwt' })).statusCode).toBe(401);
  });

  const cases: [string, () => Promise<string>][] = [
    [
      'an expired token',
      () =>
        signAccessToken(t, {
          sub: a.user.id,
          tenantId: a.tenant.tenantId,
          expiresIn: Math.floor(Date.now() / 1000) - 60,
        }),
    ],
    [
      'a token signed by another key',
      () => signAccessToken(t, { sub: a.user.id, tenantId: a.tenant.tenantId, foreignKey: true }),
    ],
    [
      'a token from another issuer',
      () =>
        signAccessToken(t, {
          sub: a.user.id,
          tenantId: a.tenant.tenantId,
          issuer: 'https://evil.example/oidc',
        }),
    ],
    [
      'a token for another audience',
      () =>
        signAccessToken(t, {
          sub: a.user.id,
          tenantId: a.tenant.tenantId,
          audience: 'https://other.example/api',
        }),
    ],
    [
      'a token that is not an access token',
      () => signAccessToken(t, { sub: a.user.id, tenantId: a.tenant.tenantId, typ: 'JWT' }),
    ],
  ];
  it.each(cases)('is 401 for %s', async (_name, makeToken) => {
    const response = await getTenant(bearer(await makeToken()));
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('UNAUTHENTICATED');
  });

  it('is 401 for an unsigned token (alg: none)', async () => {
    const valid = a.token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    const response = await getTenant(bearer(`${header}.${valid[1]}.`));
    expect(response.statusCode).toBe(401);
  });

  it('is 401 when the payload was tampered with', async () => {
    const [header, payload, signature] = a.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    claims['https://fieldbook.app/tenantId'] = b.tenant.tenantId;
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await getTenant(bearer(forged))).statusCode).toBe(401);
  });

  it('is 403 for a valid token naming a tenant the user is not a member of', async () => {
    const token = await signAccessToken(t, { sub: a.user.id, tenantId: b.tenant.tenantId });
    const response = await getTenant(bearer(token));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
  });

  it('is 403 on tenant endpoints for a token that names no tenant', async () => {
    const token = await signAccessToken(t, { sub: a.user.id });
    expect((await getTenant(bearer(token))).statusCode).toBe(403);
  });
});
