import { sql } from 'drizzle-orm';
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

const created = () => timestamp('created', { withTimezone: true, precision: 3 }).notNull().defaultNow();
const updated = () => timestamp('updated', { withTimezone: true, precision: 3 }).notNull().defaultNow();

// ---- Global (identity) tables: not tenant-owned, read and written by the system, never by tenant code.

/** Users of the embedded identity provider. With an external issuer this table stays empty. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    created: created(),
    updated: updated(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  created: created(),
  updated: updated(),
});

/** Who may act in a tenant: `subject` is the token's `sub` (the issuer's user id). */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.subject] }), index('memberships_subject_idx').on(t.subject)],
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

// ---- Tenant-owned tables: tenant_id leads every primary key; row-level security applies.

/** First results of creating POSTs, so a retried request with the same Idempotency-Key creates nothing new. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    subject: text('subject').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
