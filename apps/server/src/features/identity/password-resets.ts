import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../platform/db/database.ts';
import { storeIdentityMessage } from '../../platform/mail/outbox.ts';
import { canonicalEmail } from './emails.ts';
import {
  oidcPayloads,
  passwordResetRequests,
  passwordResets,
  signInAttempts,
  users,
} from './identity-tables.ts';
import { hashPassword } from './passwords.ts';

/** How long a link to choose a new password works. */
const LIFETIME = sql`interval '1 hour'`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The reset link of this token, while it is unused and unexpired. */
const openLink = (token: string) =>
  and(
    eq(passwordResets.tokenHash, hashOf(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );

/** A new secret for the user's reset link; only its hash is stored. */
export async function createPasswordReset(db: Pick<Db, 'insert'>, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(passwordResets)
    .values({ tokenHash: hashOf(token), userId, expiresAt: sql`now() + ${LIFETIME}` });
  return token;
}

/** The email with a link to choose a new password. */
const passwordResetEmail = (user: { name: string; email: string }, link: string) => ({
  kind: 'PASSWORD_RESET' as const,
  to: user.email,
  subject: 'Choose a new Fieldbook password',
  text: [
    `Hello ${user.name},`,
    '',
    'Someone (we hope you) asked to choose a new password for your Fieldbook account. Open this link to choose one:',
    link,
    '',
    'The link works once, for one hour. If you did not ask, ignore this email: your password stays as it is.',
  ].join('\n'),
});

/**
 * Stores a request for a reset link to `email`: the same one statement whether or not an account has the
 * address, so the forgot-password page takes the same time for both. `preparePasswordReset` does the rest.
 */
export async function requestPasswordReset(db: Db, email: string): Promise<void> {
  await db.insert(passwordResetRequests).values({ id: uuidv7(), email });
}

/**
 * Takes the oldest request for a reset link (`for update skip locked`: several processes share them) and, in the
 * same transaction, makes the link and stores its email when an account has the address; a request for an
 * address no account has is dropped. Gives whom the link is for and the link (its email is in the identity
 * outbox); undefined when no request was waiting, null when it was dropped.
 */
export function preparePasswordReset(db: Db, publicUrl: string) {
  return db.transaction(async (tx) => {
    const taken = (await tx.execute(sql`
      delete from ${passwordResetRequests} where id = (
        select id from ${passwordResetRequests} order by id limit 1 for update skip locked)
      returning email`)) as { rows: { email: string }[] };
    const [request] = taken.rows;
    if (!request) return undefined;
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.emailCanonical, canonicalEmail(request.email)));
    if (!user) return null;
    const link = `${publicUrl}/oidc/reset/${await createPasswordReset(tx, user.id)}`;
    await storeIdentityMessage(tx, passwordResetEmail(user, link));
    return { userId: user.id, email: user.email, link };
  });
}

/**
 * The mail worker's `prepare` step for reset links: one request at a time. With no mail server the link also goes
 * to the log, for the administrator to pass on (no organisation's outbox shows identity messages).
 */
export function passwordResetPreparer(
  db: Db,
  { publicUrl, mailConfigured, log }: { publicUrl: string; mailConfigured: boolean; log: FastifyBaseLogger },
): () => Promise<boolean> {
  return async () => {
    const prepared = await preparePasswordReset(db, publicUrl);
    if (prepared && !mailConfigured)
      log.warn(
        { userId: prepared.userId, email: prepared.email, link: prepared.link },
        'password reset link (no mail server set up)',
      );
    return prepared !== undefined;
  };
}

/** The user a reset link is for, while it is unused and unexpired. */
export async function findPasswordReset(db: Db, token: string): Promise<{ userId: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(openLink(token));
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
      .where(openLink(token))
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
