import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { bearer, signAccessToken } from '../../test-support/factories.ts';
import { freePort } from '../../test-support/free-port.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';

// A PostgreSQL server that is down: nothing listens on its port. Tokens come from another process's
// embedded issuer (as with an external issuer), so that the API can check them without its own database.
let issuer: TestApp;
let down: Database;
let api: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const issuerPort = await freePort();
  issuer = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${issuerPort}` });
  await issuer.app.listen({ port: issuerPort, host: '127.0.0.1' });
  down = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/fieldbook` });
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    OIDC_ISSUER: `http://127.0.0.1:${issuerPort}/oidc`,
    OIDC_AUDIENCE: 'https://api.fieldbook.test',
    SEED_DEMO: 'false',
  });
  api = await buildApp({ config, database: down, logger: false });
  await api.ready();
});
afterAll(async () => {
  await api?.close();
  await down?.close();
  await issuer?.close();
});

describe('while the database is unreachable', () => {
  it('answers API calls 503 SERVICE_UNAVAILABLE in the error shape, with Retry-After', async () => {
    const token = await signAccessToken(issuer, {
      sub: 'auth0|office',
      tenantId: '0190a1b2-0000-7000-8000-000000000001',
      audience: 'https://api.fieldbook.test',
    });
    for (const url of ['/api/customers', '/api/tenant', '/api/me']) {
      const response = await api.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: 'SERVICE_UNAVAILABLE',
        message: 'The service is currently unavailable. Please try again in a few minutes.',
        fieldErrors: [],
      });
    }
  });

  it('says it is not ready', async () => {
    const response = await api.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe('SERVICE_UNAVAILABLE');
  });
});
