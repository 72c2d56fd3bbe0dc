import { DATABASE_POOLERS, type DatabasePooler } from '../platform/db/transaction-pooler.ts';

/** The PostgreSQL server the API tests run on, and what stands in front of it (as `DATABASE_POOLER`). */
export interface TestServer {
  url: string;
  pooler: DatabasePooler;
}

/**
 * TEST_DATABASE_URL (a server whose user may create databases) and TEST_DATABASE_POOLER (`transaction` when that
 * URL is a PgBouncer in transaction mode: `npm run test:api:pgbouncer`); undefined when the tests run on PGlite.
 */
export function testServer(): TestServer | undefined {
  const url = process.env.TEST_DATABASE_URL || undefined;
  const pooler = process.env.TEST_DATABASE_POOLER || 'none';
  if (!isPooler(pooler))
    throw new Error(`TEST_DATABASE_POOLER must be one of ${DATABASE_POOLERS.join(', ')}, not ${pooler}`);
  if (!url) {
    if (pooler !== 'none') throw new Error('TEST_DATABASE_POOLER needs TEST_DATABASE_URL');
    return undefined;
  }
  return { url, pooler };
}

const isPooler = (value: string): value is DatabasePooler =>
  DATABASE_POOLERS.some((known) => known === value);
