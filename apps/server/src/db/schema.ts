import { SQL, sql } from 'drizzle-orm';
import {
  type ExtraConfigColumn,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
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

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * A trigram index, so `ilike '%word%'` and `~* '\\mword'` searches stay fast on large tenants. Without
 * fastupdate: new entries go straight into the index instead of a pending list that every search must read
 * until a vacuum merges it, and PGlite runs no autovacuum. Inserts cost a little more; searches stay fast.
 */
const trigram = (name: string, column: ExtraConfigColumn | SQL) =>
  index(name)
    .using('gin', column instanceof SQL ? sql`${column} gin_trgm_ops` : column.op('gin_trgm_ops'))
    .with({ fastupdate: false });

/** Per-tenant sequences for human numbers (customer, job, invoice): allocated inside the inserting transaction. */
export const tenantCounters = pgTable(
  'tenant_counters',
  {
    tenantId: tenantId(),
    name: text('name').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

const customerColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  number: integer('number').notNull(),
  name: text('name').notNull(),
  billingAddress: text('billing_address'),
  billingPhone: text('billing_phone'),
  billingFax: text('billing_fax'),
  billingEmail: text('billing_email'),
  website: text('website'),
  notes: text('notes'),
  created: created(),
  updated: updated(),
});

export const customers = pgTable('customers', customerColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('customers_number_key').on(t.tenantId, t.number),
  trigram('customers_name_trgm', t.name),
  trigram('customers_billing_email_trgm', t.billingEmail),
  trigram('customers_billing_phone_trgm', t.billingPhone),
  trigram('customers_billing_address_trgm', t.billingAddress),
  trigram('customers_number_trgm', sql`(${t.number}::text)`),
]);

/** A customer's site. Part of the customer: deleting the customer deletes its locations. */
const locationColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  customerId: uuid('customer_id').notNull(),
  name: text('name').notNull(),
  street1: text('street1'),
  suburb: text('suburb'),
  state: text('state'),
  postcode: text('postcode'),
  country: text('country').notNull(),
  created: created(),
  updated: updated(),
});

export const locations = pgTable('locations', locationColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({
    name: 'locations_customer_fk',
    columns: [t.tenantId, t.customerId],
    foreignColumns: [customers.tenantId, customers.id],
  }).onDelete('cascade'),
  index('locations_customer_idx').on(t.tenantId, t.customerId, t.name),
  index('locations_name_idx').on(t.tenantId, t.name),
  trigram('locations_name_trgm', t.name),
  trigram('locations_street1_trgm', t.street1),
  trigram('locations_suburb_trgm', t.suburb),
]);

/** The catalogue. Codes are unique per tenant regardless of case. */
const itemColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  code: text('code').notNull(),
  description: text('description').notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  created: created(),
  updated: updated(),
});

export const items = pgTable('items', itemColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('items_code_key').on(t.tenantId, sql`lower(${t.code})`),
  trigram('items_code_trgm', t.code),
  trigram('items_description_trgm', t.description),
]);

/*
 * The current tenant's rows of each searched table (migration 0005), for list searches only. Row-level
 * security lets no index serve a condition that is not leakproof (ILIKE, ~* are not), so a search of a
 * large tenant through the table would read every row of it. These views (not security barriers, owned by
 * the tables' owner) keep rows to the tenant of the transaction by the same app.tenant_id setting, and let
 * the planner use the trigram indexes. Writes and single-record reads go to the tables themselves.
 */
export const visibleCustomers = pgView('visible_customers', customerColumns()).existing();
export const visibleLocations = pgView('visible_locations', locationColumns()).existing();
export const visibleItems = pgView('visible_items', itemColumns()).existing();
