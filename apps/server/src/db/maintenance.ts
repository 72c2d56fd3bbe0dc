import { sql } from 'drizzle-orm';
import { deleteExpiredPayloads } from '../identity/adapter.ts';
import type { Database } from './database.ts';

/**
 * Housekeeping a PostgreSQL server's autovacuum does by itself but embedded PGlite does not: refreshing the
 * planner's statistics, so searches keep using their indexes as a tenant grows. Expired identity-provider
 * records are deleted on both.
 */
export async function runMaintenance(database: Database): Promise<void> {
  await deleteExpiredPayloads(database.db);
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
}
