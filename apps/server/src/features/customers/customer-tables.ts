import {
  bigint,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  keptWordsWithoutStatus,
  recordTimes,
  searchWordsOf,
  tenantForeignKey,
  tenantId,
  trigram,
} from '../../platform/db/columns.ts';

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
  ...recordTimes(),
  nameWords: searchWordsOf('name_words', 'name'),
  billingAddressWords: searchWordsOf('billing_address_words', 'billing_address'),
  billingPhoneWords: searchWordsOf('billing_phone_words', 'billing_phone'),
  billingEmailWords: searchWordsOf('billing_email_words', 'billing_email'),
});

export const customers = pgTable('customers', customerColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('customers_number_key').on(t.tenantId, t.number),
  trigram('customers_name_words_trgm', t.nameWords),
  trigram('customers_billing_email_words_trgm', t.billingEmailWords),
  trigram('customers_billing_phone_words_trgm', t.billingPhoneWords),
  trigram('customers_billing_address_words_trgm', t.billingAddressWords),
]);

/**
 * Each customer's words (its name's, billing email's, phone's and address's), a row a word, kept by triggers on
 * `customers` (migration 0046): a search of bare words on the customer list is counted from them (`keptWordsCount`).
 */
export const customerWords = keptWordsWithoutStatus('customer_words');

/**
 * How many customers a tenant has, kept by statement triggers on `customers` (migration 0018), so the whole list is
 * counted without reading every customer. Read-only to the application.
 */
export const customerCounts = pgTable(
  'customer_counts',
  {
    tenantId: tenantId(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] })],
);

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
  ...recordTimes(),
  nameWords: searchWordsOf('name_words', 'name'),
  street1Words: searchWordsOf('street1_words', 'street1'),
  suburbWords: searchWordsOf('suburb_words', 'suburb'),
});

export const locations = pgTable('locations', locationColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  tenantForeignKey('locations_customer_fk', t, t.customerId, customers).onDelete('cascade'),
  // What a job's site refers to (`jobs_location_fk`): a job's location is always its customer's.
  unique('locations_customer_site_key').on(t.tenantId, t.customerId, t.id),
  index('locations_customer_idx').on(t.tenantId, t.customerId, t.name),
  index('locations_name_idx').on(t.tenantId, t.name),
  trigram('locations_name_words_trgm', t.nameWords),
  trigram('locations_street1_words_trgm', t.street1Words),
  trigram('locations_suburb_words_trgm', t.suburbWords),
]);

/*
 * The current tenant's rows, for list searches only (migration 0005; docs/data.md). Row-level security
 * lets no index serve a condition that is not leakproof (ILIKE, ~* are not), so a search of a large tenant
 * through the table would read every row of it. These views (not security barriers, owned by the tables'
 * owner) keep rows to the transaction's tenant by the same app.tenant_id setting, and let the planner use
 * the trigram indexes. Writes and single-record reads go to the tables themselves.
 */
export const visibleCustomers = pgView('visible_customers', customerColumns()).existing();
export const visibleLocations = pgView('visible_locations', locationColumns()).existing();
