import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { tenantCounters } from '../db/schema.ts';

export type CounterName = 'customer' | 'job' | 'invoice';

/**
 * The next human number (1, 2, 3, …) of a kind within one tenant. It runs in the inserting transaction:
 * the counter row stays locked until that commits, so concurrent creates get distinct numbers, and a
 * rolled-back create gives its number back. With `count`, that many numbers in a row: the first is returned.
 */
export async function allocateNumber(
  tx: Tx,
  tenantId: string,
  name: CounterName,
  count = 1,
): Promise<number> {
  const [row] = await tx
    .insert(tenantCounters)
    .values({ tenantId, name, value: count })
    .onConflictDoUpdate({
      target: [tenantCounters.tenantId, tenantCounters.name],
      set: { value: sql`${tenantCounters.value} + ${count}` },
    })
    .returning({ value: tenantCounters.value });
  if (!row) throw new Error(`No ${name} number was allocated`);
  return row.value - count + 1;
}
