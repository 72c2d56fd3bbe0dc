import { afterAll, beforeAll } from 'vitest';
import { createTwoTenants, type TenantWithUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface TwoTenants {
  t: TestApp;
  a: TenantWithUser;
  b: TenantWithUser;
}

/**
 * A fresh app and database for this test file with two tenants, handed to `use` before the tests run
 * (`withTwoTenants((env) => ({ t, a, b } = env))`) and closed after them.
 */
export function withTwoTenants(use: (env: TwoTenants) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    use({ t, ...(await createTwoTenants(t)) });
  });
  afterAll(() => t?.close());
}
