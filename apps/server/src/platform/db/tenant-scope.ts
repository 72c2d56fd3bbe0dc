import { sql } from 'drizzle-orm';
import type { Db, Tx } from './database.ts';

/** The rest of the transaction (or savepoint) runs as fieldbook_app in this tenant. */
const scopeTo = (tenantId: string) =>
  sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'fieldbook_app', true)`;

/**
 * Runs fn in a transaction scoped to one tenant: as the fieldbook_app role (no ownership, no RLS bypass)
 * with app.tenant_id set for this transaction only, so row-level security hides every other tenant's rows.
 * For system work (seeding, maintenance, tests); requests use `asMember` (http/member-scope.ts).
 */
export function inTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(scopeTo(tenantId));
    return fn(tx);
  });
}

/**
 * `inTenant` inside a transaction that is already open (one that seeds several tenants at once): fn runs in a
 * savepoint scoped to the tenant, and the connecting role with no tenant is restored after it, so the rest of
 * the transaction runs as before. A failure rolls the savepoint back, and its settings with it.
 */
export function inTenantWithin<T>(tx: Tx, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tx.transaction(async (scoped) => {
    await scoped.execute(scopeTo(tenantId));
    const result = await fn(scoped);
    await scoped.execute(sql`select set_config('app.tenant_id', '', true), set_config('role', 'none', true)`);
    return result;
  });
}
