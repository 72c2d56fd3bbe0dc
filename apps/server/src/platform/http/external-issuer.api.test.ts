import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../features/tenants/tenants.ts';
import { bearer, signAccessToken } from '../../test-support/factories.ts';
import { freePort } from '../../test-support/free-port.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// An "external" issuer: another Fieldbook process's embedded provider, listening on loopback. The API under
// test mounts no provider of its own and must discover the issuer's keys over HTTP, as with Auth0 or Keycloak.
let issuer: TestApp;
let api: TestApp;
let issuerUrl: string;

beforeAll(async () => {
  const port = await freePort();
  issuer = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  await issuer.app.listen({ port, host: '127.0.0.1' });
  issuerUrl = `http://127.0.0.1:${port}/oidc`;
  api = await createTestApp({ OIDC_ISSUER: issuerUrl, OIDC_AUDIENCE: 'https://api.fieldbook.test' });
});
afterAll(async () => {
  await api?.close();
  await issuer?.close();
});

describe('an external issuer', () => {
  it("accepts an invitation for whichever of the issuer's accounts signs in with its link", async () => {
    const ownerSubject = 'auth0|owner-of-gutters';
    const tenant = await createTenant(api.database.db, {
      name: 'Gutters & Downpipes',
      creator: { subject: ownerSubject, name: 'Gus', email: 'gus@gutters.example' },
    });
    const sign = (sub: string, tenantId?: string) =>
      signAccessToken(issuer, {
        audience: 'https://api.fieldbook.test',
        sub,
        ...(tenantId ? { tenantId } : {}),
      });
    const owner = await sign(ownerSubject, tenant.tenantId);
    const invited = await api.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(owner),
      payload: { email: 'nell@gutters.example', role: 'OFFICE' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [message] = (await api.app.inject({ url: '/api/outbox', headers: bearer(owner) })).json();
    const token = /\/join\/([A-Za-z0-9_-]{43})/.exec(message.text)?.[1];

    const newcomer = 'google-oauth2|nell-108';
    const accepted = await api.app.inject({
      method: 'POST',
      url: '/api/invitation-links/accept',
      headers: bearer(await sign(newcomer)),
      payload: { token },
    });
    expect(accepted.json()).toEqual({ tenantId: tenant.tenantId, tenantName: 'Gutters & Downpipes' });
    const asMember = await api.app.inject({
      url: '/api/tenant',
      headers: bearer(await sign(newcomer, tenant.tenantId)),
    });
    expect(asMember.json()).toMatchObject({ role: 'OFFICE' });
    const members = (await api.app.inject({ url: '/api/members', headers: bearer(owner) })).json();
    expect(members).toContainEqual(
      expect.objectContaining({
        subject: newcomer,
        email: 'nell@gutters.example',
        name: null,
        role: 'OFFICE',
      }),
    );
  });

  it('mounts no identity provider of its own', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(404);
  });

  it("accepts the issuer's tokens for a member and refuses the rest", async () => {
    const subject = 'auth0|5f7c8ec7c33c6c004bbafe82';
    const tenant = await createTenant(api.database.db, {
      name: 'Remote Roofing',
      creator: { subject, name: null, email: null },
    });
    const sign = (o: { sub: string; tenantId?: string; audience?: string }) =>
      signAccessToken(issuer, { audience: 'https://api.fieldbook.test', ...o });

    const member = await sign({ sub: subject, tenantId: tenant.tenantId });
    const ok = await api.app.inject({ method: 'GET', url: '/api/tenant', headers: bearer(member) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject(tenant);

    const stranger = await sign({ sub: 'auth0|someone-else', tenantId: tenant.tenantId });
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/tenant', headers: bearer(stranger) })).statusCode,
    ).toBe(403);

    const wrongAudience = await sign({
      sub: subject,
      tenantId: tenant.tenantId,
      audience: 'https://elsewhere.test',
    });
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/tenant', headers: bearer(wrongAudience) }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses tokens signed by any other key', async () => {
    const forged = await signAccessToken(issuer, {
      sub: 'auth0|x',
      audience: 'https://api.fieldbook.test',
      foreignKey: true,
    });
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/me', headers: bearer(forged) })).statusCode,
    ).toBe(401);
  });
});
