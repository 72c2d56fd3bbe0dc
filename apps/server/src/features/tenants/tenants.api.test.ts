import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTenant } from '../../platform/db/tenant-scope.ts';
import { tenants } from '../../schema.ts';
import { apiAs } from '../../test-support/api-client.ts';
import { bearer, signAccessToken, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

describe('GET /api/me', () => {
  it("returns the caller's identity and organisations, even with no tenant in the token", async () => {
    const token = await signAccessToken(t, { sub: a.user.id });
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      subject: a.user.id,
      name: a.user.name,
      email: a.user.email,
      tenants: [{ tenantId: a.tenant.tenantId, tenantName: 'Alpha Plumbing' }],
    });
  });

  it('is 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });
});

describe('POST /api/tenants', () => {
  it('creates an organisation with the caller as its first member', async () => {
    const fresh = await signAccessToken(t, { sub: 'external|new-user' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: bearer(fresh),
      payload: { name: '  Coastal HVAC  ' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.tenantName).toBe('Coastal HVAC');

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(fresh) });
    expect(me.json().tenants).toEqual([created]);
    const inIt = await signAccessToken(t, { sub: 'external|new-user', tenantId: created.tenantId });
    expect((await t.app.inject({ method: 'GET', url: '/api/tenant', headers: bearer(inIt) })).json()).toEqual(
      {
        ...created,
        // No browser zone was sent: Sydney's.
        timeZone: 'Australia/Sydney',
        memberId: expect.any(String),
        role: 'OWNER',
        technician: null,
      },
    );
  });

  it('refuses a blank name with a field error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: bearer(a.token),
      payload: { name: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'Some of what was entered needs a change.',
      fieldErrors: [{ field: 'name', message: 'Enter the organisation name.' }],
    });
  });

  it('refuses malformed JSON in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: { ...bearer(a.token), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('VALIDATION_FAILED');
  });

  it('is 401 without a token, before the body is looked at', async () => {
    for (const payload of [{ name: 'X' }, { name: '' }, 'not json']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/tenants', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('UNAUTHENTICATED');
    }
  });
});

describe('every tenant route', () => {
  it('is 401 for an anonymous caller before any validation, 403 for a token without a tenant', async () => {
    const noTenant = await signAccessToken(t, { sub: a.user.id });
    for (const [method, url] of [
      ['POST', '/api/customers'],
      ['PUT', '/api/customers/not-a-uuid'],
      ['GET', '/api/customers?p=0'],
      ['POST', '/api/locations'],
      ['PUT', '/api/items/not-a-uuid'],
      ['GET', '/api/addresses/suggest'],
      ['GET', '/api/tenant'],
    ] as const) {
      const payload = method === 'GET' ? undefined : { bad: 1 };
      const anonymous = await t.app.inject({ method, url, payload });
      expect([url, anonymous.statusCode]).toEqual([url, 401]);
      const withoutTenant = await t.app.inject({ method, url, payload, headers: bearer(noTenant) });
      expect([url, withoutTenant.statusCode]).toEqual([url, 403]);
    }
  });

  it('is 403 for a member of another organisation naming this one, and changes nothing', async () => {
    const intruder = await signAccessToken(t, { sub: b.user.id, tenantId: a.tenant.tenantId });
    const api = apiAs(t, intruder);
    expect((await api.get('/api/customers')).statusCode).toBe(403);
    expect((await api.post('/api/customers', { name: 'Sneaky' })).statusCode).toBe(403);
    expect((await apiAs(t, a.token).get('/api/customers?q=sneaky')).json()).toEqual([]);
  });

  it('claims no Idempotency-Key of the organisation for a caller who is not its member', async () => {
    const intruder = await signAccessToken(t, { sub: b.user.id, tenantId: a.tenant.tenantId });
    const key = { 'idempotency-key': `intruder-${a.tenant.tenantId}` };
    const refused = await apiAs(t, intruder).post('/api/customers', { name: 'Sneaky' }, key);
    expect(refused.statusCode).toBe(403);
    // The member's own create with that key is the first: created, not a replay or "in progress".
    const created = await apiAs(t, a.token).post('/api/customers', { name: 'Member’s & Co' }, key);
    expect(created.statusCode).toBe(201);
    expect(created.headers['idempotency-replayed']).toBeUndefined();
  });
});

describe('row-level security', () => {
  it("hides other tenants' rows even from a query that forgets its tenant", async () => {
    const visible = await inTenant(t.database.db, a.tenant.tenantId, (tx) =>
      tx.select({ id: tenants.id }).from(tenants),
    );
    expect(visible).toEqual([{ id: a.tenant.tenantId }]);
  });

  it('refuses writes into another tenant', async () => {
    const attempt = inTenant(t.database.db, a.tenant.tenantId, (tx) =>
      tx.execute(
        sql`insert into idempotency_keys (tenant_id, key, subject, route, request_hash) values (${b.tenant.tenantId}, 'k', 's', 'r', 'h')`,
      ),
    );
    const error = await attempt.then(
      () => undefined,
      (e: Error & { cause?: Error }) => e,
    );
    expect(error?.cause?.message ?? error?.message).toMatch(/row-level security/);
  });

  it('returns nothing when no tenant is set', async () => {
    const rows = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role fieldbook_app`);
      return tx.select().from(tenants);
    });
    expect(rows).toEqual([]);
  });
});

describe('API conventions', () => {
  it('answers an unknown /api path with NOT_FOUND in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NOT_FOUND',
      message: 'No such endpoint: GET /api/no-such-thing',
      fieldErrors: [],
    });
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
  });

  it('echoes a request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('serves the web app its runtime configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json()).toEqual({
      issuer: 'http://localhost:3000/oidc',
      clientId: 'fieldbook-web',
      apiBaseUrl: 'http://localhost:3000/api',
      claimNamespace: 'https://fieldbook.app/',
      scope: 'openid profile email api',
      helpUrl: 'https://help.fieldbook.app',
    });
  });

  it("exposes the list headers and the server's time (a phone's actions are stamped by it) to the browser", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(response.headers['access-control-expose-headers']).toContain('Total-Count');
    expect(response.headers['access-control-expose-headers']).toContain('Total-Count-Relation');
    expect(response.headers['access-control-expose-headers']).toContain('Link');
    expect(response.headers['access-control-expose-headers']).toContain('Date');
    expect(Math.abs(Date.parse(String(response.headers.date)) - Date.now())).toBeLessThan(5_000);
  });
});
