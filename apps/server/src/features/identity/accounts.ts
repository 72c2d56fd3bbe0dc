import { isUuid } from '@fieldbook/domain';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../platform/db/database.ts';
import { canonicalEmail } from './emails.ts';
import { users } from './identity-tables.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';

export interface User {
  id: string;
  email: string;
  name: string;
}

const publicFields = { id: users.id, email: users.email, name: users.name };

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  if (!isUuid(id)) return undefined; // an external issuer's subject: not one of our users
  const [user] = await db.select(publicFields).from(users).where(eq(users.id, id));
  return user;
}

/** Who a token's subject is, as an organisation keeps its members: their name and email, null when not our user. */
export async function personOf(db: Db, subject: string) {
  const user = await findUserById(db, subject);
  return { subject, name: user?.name ?? null, email: user?.email ?? null };
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select(publicFields)
    .from(users)
    .where(eq(users.emailCanonical, canonicalEmail(email)));
  return user;
}

/** The user when the email and password match; undefined otherwise, without saying which was wrong. */
export async function authenticate(db: Db, email: string, password: string): Promise<User | undefined> {
  const [row] = await db
    .select({ ...publicFields, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.emailCanonical, canonicalEmail(email)));
  if (!row) {
    await verifyPassword(password, await decoyHash);
    return undefined;
  }
  const ok = await verifyPassword(password, row.passwordHash);
  return ok ? { id: row.id, email: row.email, name: row.name } : undefined;
}

export class EmailTakenError extends Error {}

export async function createUser(
  db: Db,
  input: { email: string; name: string; password: string },
): Promise<User> {
  const user = { id: uuidv7(), email: input.email.trim(), name: input.name.trim() };
  const passwordHash = await hashPassword(input.password);
  const inserted = await db
    .insert(users)
    .values({ ...user, emailCanonical: canonicalEmail(user.email), passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) throw new EmailTakenError('An account with this email already exists.');
  return user;
}
