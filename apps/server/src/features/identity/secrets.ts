import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { serverSecrets } from './identity-tables.ts';

/**
 * Reads a shared secret, creating it on first use. When several processes start at once, the first
 * insert wins and everyone reads that one, so every copy signs and verifies with the same keys.
 */
export async function sharedSecret<T>(db: Db, name: string, generate: () => Promise<T>): Promise<T> {
  const existing = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (existing[0]) return existing[0].value as T;
  await db
    .insert(serverSecrets)
    .values({ name, value: await generate() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!stored) throw new Error(`Secret ${name} could not be stored`);
  return stored.value as T;
}
