import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { oidcPayloads, passwordResets, signInAttempts, users } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';

/** How long a link to choose a new password works. */
const LIFETIME = sql`interval '1 hour'`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new secret for the user's reset link; only its hash is stored. */
export async function createPasswordReset(db: Pick<Db, 'insert'>, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(passwordResets)
    .values({ tokenHash: hashOf(token), userId, expiresAt: sql`now() + ${LIFETIME}` });
  return token;
}

/** The user a reset link is for, while it is unused and unexpired. */
export async function findPasswordReset(db: Db, token: string): Promise<{ userId: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, hashOf(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/**
 * Sets the new password through a reset link, once: the link and every other open link of the user stop
 * working, the user's sessions and refresh tokens end (whoever knew the old password is signed out), and the
 * sign-in throttle forgets the account's failed attempts (the owner is let back in). False when the link has
 * expired or was used (by a concurrent request too: the link is claimed in the same statement that checks it).
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashOf(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) return false;
    const { userId } = claimed;
    await tx.update(users).set({ passwordHash, updated: sql`now()` }).where(eq(users.id, userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);
    await tx.delete(signInAttempts).where(sql`${signInAttempts.key} like ${`account:${userId}%`}`);
    return true;
  });
}

/** Links past their hour are deleted by the periodic maintenance. */
export async function deleteExpiredPasswordResets(db: Db): Promise<void> {
  await db.delete(passwordResets).where(sql`${passwordResets.expiresAt} < now() - interval '1 day'`);
}
