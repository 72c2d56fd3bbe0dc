import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { tenantCounters } from '../db/schema.ts';

export type CounterName = 'customer' | 'job';

/**
 * The next human number (1, 2, 3, …) of a kind within one tenant. It runs in the inserting transaction:
 * the counter row stays locked until that commits, so concurrent creates get distinct numbers, and a
 * rolled-back create gives its number back.
 */
export async function allocateNumber(tx: Tx, tenantId: string, name: CounterName): Promise<number> {
  const [row] = await tx
    .insert(tenantCounters)
    .values({ tenantId, name, value: 1 })
    .onConflictDoUpdate({
      target: [tenantCounters.tenantId, tenantCounters.name],
      set: { value: sql`${tenantCounters.value} + 1` },
    })
    .returning({ value: tenantCounters.value });
  if (!row) throw new Error(`No ${name} number was allocated`);
  return row.value;
}
