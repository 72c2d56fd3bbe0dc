import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { bearer, signAccessToken, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// Input a person or a client may send that the database could not take as it is: each is the client's
// mistake, so a 400 naming what is wrong (or 401/403 for a token), never a 500.

let t: TestApp;
let a: TenantWithUser;
let api: ApiClient;

withTwoTenants((env) => {
  ({ t, a } = env);
  api = apiAs(t, a.token);
});

const LISTS = ['/api/customers', '/api/locations', '/api/items'];

describe('list queries the database could not run', () => {
  it.each([
    'number:1.5',
    'number:2147483648',
    'number:[1 TO 99999999999]',
    'number:99999999999999999999999',
    'price:1e400',
    'price:[0 TO 99999999999999999999]',
  ])('q=%s is a 400 on q', async (q) => {
    const list = q.startsWith('price') ? '/api/items' : '/api/customers';
    const response = await api.get(`${list}?q=${encodeURIComponent(q)}`);
    expect([response.statusCode, response.json().error, fieldsOf(response)]).toEqual([
      400,
      'VALIDATION_FAILED',
      ['q'],
    ]);
  });

  it.each(LISTS)('a NUL inside a quoted value is a 400 on q for %s', async (list) => {
    const response = await api.get(`${list}?q=${encodeURIComponent('"ab\u0000c"')}`);
    expect([response.statusCode, fieldsOf(response)]).toEqual([400, ['q']]);
  });

  it('still finds the largest customer number a query may name', async () => {
    const response = await api.get(`/api/customers?q=${encodeURIComponent('number:[1 TO 2147483647]')}`);
    expect(response.statusCode).toBe(200);
  });
});

describe('text that could not be stored as typed', () => {
  const NUL = 'Acme\u0000Plumbing';
  const LONE_SURROGATE = 'a\ud800b';
  const INVISIBLE = '\u200b\u200b';

  it.each([
    ['/api/customers', { name: NUL }, 'name'],
    ['/api/customers', { name: LONE_SURROGATE }, 'name'],
    ['/api/customers', { name: INVISIBLE }, 'name'],
    ['/api/customers', { name: 'Acme', notes: `gate${NUL}` }, 'notes'],
    ['/api/items', { code: NUL, description: 'Tap', price: '1.00' }, 'code'],
    ['/api/items', { code: 'TAP', description: INVISIBLE, price: '1.00' }, 'description'],
    ['/api/tenants', { name: NUL }, 'name'],
    ['/api/tenants', { name: INVISIBLE }, 'name'],
  ])('POST %s with %j is a 400 on %s', async (path, body, field) => {
    const response = await api.post(path, body);
    expect([response.statusCode, fieldsOf(response)]).toEqual([400, [field]]);
  });

  it('refuses a NUL in a location field, and stores nothing', async () => {
    const customer = (await api.post('/api/customers', { name: 'Harbour View Strata' })).json();
    const response = await api.post('/api/locations', {
      customer: { id: customer.id },
      name: 'Tower A',
      suburb: `Kirribilli${'\u0000'}`,
      country: 'Australia',
    });
    expect([response.statusCode, fieldsOf(response)]).toEqual([400, ['suburb']]);
    expect((await api.get(`/api/locations?q=customer.id:${customer.id}`)).json()).toEqual([]);
  });
});

describe('a save naming an updated no record ever had', () => {
  it.each(['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '+275760-09-13T00:00:00Z'])(
    'updated %s is a 400 on updated',
    async (updated) => {
      const customer = (await api.post('/api/customers', { name: 'Acme' })).json();
      const response = await api.put(`/api/customers/${customer.id}`, { name: 'Acme', updated });
      expect([response.statusCode, fieldsOf(response)]).toEqual([400, ['updated']]);
    },
  );
});

describe('a validly signed token whose tenant is not an organisation id', () => {
  it.each(['not-a-uuid', "1' or '1'='1", 'ffffffff-ffff-ffff-ffff-ffffffffffff-x'])(
    'tenant %s is a 403 on every tenant route',
    async (tenantId) => {
      const token = await signAccessToken(t, { sub: a.user.id, tenantId });
      for (const url of [...LISTS, '/api/tenant', '/api/addresses/suggest?q=Rich']) {
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect([url, response.statusCode, response.json().error]).toEqual([url, 403, 'FORBIDDEN']);
      }
    },
  );
});

describe('the request itself', () => {
  it('answers a path that is not valid URL encoding in the error shape', async () => {
    const url = '/api/customers/%E0%A4%A';
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(a.token) });
    const body = { error: 'VALIDATION_FAILED', message: 'The request URL is not valid.', fieldErrors: [] };
    expect([response.statusCode, response.json()]).toEqual([400, body]);
  });

  it('takes only JSON bodies on API routes (form-encoded bodies are for the sign-in pages)', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const response = await api.post('/api/customers', 'name=Form+Posted', form);
    expect([response.statusCode, response.json().error]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await api.get('/api/customers?q=form')).json()).toEqual([]);
  });

  it('echoes a short, safe X-Request-Id and replaces any other', async () => {
    const echo = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } })).headers[
        'x-request-id'
      ];
    expect(await echo('req-42.a:b_c')).toBe('req-42.a:b_c');
    for (const unsafe of ['x'.repeat(65), 'a b', 'line\u2028break', '<script>']) {
      expect(await echo(unsafe)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    }
  });

  it('refuses a token issued in the future, beyond a few seconds of clock skew', async () => {
    const future = await signAccessToken(t, { sub: a.user.id, tenantId: a.tenant.tenantId, issuedAt: '+1h' });
    const response = await t.app.inject({ method: 'GET', url: '/api/tenant', headers: bearer(future) });
    expect([response.statusCode, response.json().error]).toEqual([401, 'UNAUTHENTICATED']);
    const skewed = await signAccessToken(t, { sub: a.user.id, tenantId: a.tenant.tenantId, issuedAt: '+2s' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/tenant', headers: bearer(skewed) })).statusCode,
    ).toBe(200);
  });
});

describe('requests the HTTP parser refuses', () => {
  it('answers headers over the limit, and malformed HTTP, in the error shape', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => socket.end(request));
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
        });
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const oversized = await raw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(oversized).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(oversized.slice(oversized.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'The request headers are too large.',
      fieldErrors: [],
    });
    const malformed = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(malformed).toContain('"error":"VALIDATION_FAILED"');
  });
});
