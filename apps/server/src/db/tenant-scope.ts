import { sql } from 'drizzle-orm';
import type { Db, Tx } from './database.ts';

/**
 * Runs fn in a transaction scoped to one tenant: as the fieldbook_app role (no ownership, no RLS bypass)
 * with app.tenant_id set for this transaction only, so row-level security hides every other tenant's rows.
 */
export function inTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local role fieldbook_app`);
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    return fn(tx);
  });
}
