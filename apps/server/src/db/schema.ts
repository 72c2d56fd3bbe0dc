// Every table, for Drizzle (the typed database and drizzle-kit's migrations). Each table is defined in
// the feature that owns it; a new tenant table follows docs/data.md (RLS, policy, grants, search view),
// and the catalogue test (db/tenant-tables.api.test.ts) checks that it did.
export * from '../customers/customer-tables.ts';
export * from '../http/idempotency-keys.ts';
export * from '../identity/identity-tables.ts';
export * from '../invoices/invoice-tables.ts';
export * from '../items/item-tables.ts';
export * from '../jobs/job-tables.ts';
export * from '../mail/outbox-tables.ts';
export * from '../organisation/organisation-tables.ts';
export * from '../records/tenant-counter-table.ts';
export * from '../tax-rates/tax-rate-tables.ts';
export * from '../team/team-tables.ts';
export * from '../technicians/technician-tables.ts';
export * from '../templates/template-tables.ts';
export * from '../tenants/tenant-tables.ts';
