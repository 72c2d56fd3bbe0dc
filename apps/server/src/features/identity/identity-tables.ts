import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { created, recordTimes } from '../../platform/db/timestamps.ts';

// Global tables of the identity layer: read and written by the system, never by tenant code.

/** Users of the embedded identity provider. With an external issuer this table stays empty. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** As the user typed it at sign-up; shown back to them. */
    email: text('email').notNull(),
    /** The email's one comparable form (`canonicalEmail`): unique, and what sign-in looks up. */
    emailCanonical: text('email_canonical').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    ...recordTimes(),
  },
  (t) => [uniqueIndex('users_email_canonical_key').on(t.emailCanonical)],
);

/**
 * Attempts counted by the sign-in throttle (`sign-in-throttle.ts`), shared by every server process and kept
 * across restarts. One row per key: an account, an account from one network address, an address, or sign-ups
 * from an address.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    lastAttempt: timestamp('last_attempt', { withTimezone: true }).notNull(),
    /** No attempt under this key is taken before this time. */
    retryAfter: timestamp('retry_after', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_attempts_last_attempt_idx').on(t.lastAttempt)],
);

/** Sessions, grants, codes and tokens of the embedded identity provider (its adapter's store). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Keys every server process must share: token signing keys, cookie keys. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  created: created(),
});

/** Links to choose a new password: only a hash of the secret in the link is kept; each works once, for an hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    created: created(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Requests for a reset link, as the forgot-password page takes them: stored alike for every address, so the
 * page answers in the same time whether or not an account has it. The mail worker then turns each into a reset
 * link and its email for an account that has the address (`preparePasswordResets`), or drops it.
 */
export const passwordResetRequests = pgTable('password_reset_requests', {
  id: uuid('id').primaryKey(),
  /** The address as typed; looked up by its canonical form. */
  email: text('email').notNull(),
  created: created(),
});
