import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';

/**
 * Runs `write` as if another office deleted the customer a new record names after the create checked it: a trigger
 * deletes the customer just before the record's insert, whose foreign key then fails (and the deletion rolls back
 * with it). The trigger is dropped afterwards.
 */
export async function withCustomerGoneOnInsert<T>(
  db: Db,
  table: 'jobs' | 'invoices',
  write: () => Promise<T>,
): Promise<T> {
  await db.execute(sql`
    create function test_customer_gone() returns trigger language plpgsql security definer as $$
    begin
      delete from customers where tenant_id = new.tenant_id and id = new.customer_id;
      return new;
    end $$`);
  await db.execute(sql`
    create trigger test_customer_gone before insert on ${sql.identifier(table)}
    for each row execute function test_customer_gone()`);
  try {
    return await write();
  } finally {
    await db.execute(sql`drop trigger test_customer_gone on ${sql.identifier(table)}`);
    await db.execute(sql`drop function test_customer_gone()`);
  }
}
