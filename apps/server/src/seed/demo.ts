import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { tenants } from '../db/schema.ts';
import { createUser } from '../identity/accounts.ts';
import { createTenant } from '../tenants/tenants.ts';

/** Shown in the README and on the embedded sign-in page. */
export const DEMO_USER = { email: 'demo@fieldbook.example', password: 'fieldbook-demo' };
export const DEMO_TENANTS = ['Harbourside Plumbing & Gas', 'Southern Cross Electrical'];

/** On the first start of an empty database, a demo user in two demo organisations, so nothing is empty. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(tenants);
  if (Number(row?.count) > 0) return false;
  const user = await createUser(db, { ...DEMO_USER, name: 'Dana Demo' });
  for (const name of DEMO_TENANTS) await createTenant(db, { name, creatorSubject: user.id });
  return true;
}
