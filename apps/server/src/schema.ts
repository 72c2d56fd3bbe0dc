// Every table, for drizzle-kit's migrations and the tests. Each table is defined in the feature (or the platform
// part) that owns it, and code imports it from there; a new tenant table follows docs/data.md (RLS, policy, grants, search view),
// and the catalogue test (platform/db/tenant-tables.api.test.ts) checks that it did.
export * from './features/customers/customer-tables.ts';
export * from './features/identity/identity-tables.ts';
export * from './features/invoices/invoice-tables.ts';
export * from './features/invoices/payment-tables.ts';
export * from './features/items/item-tables.ts';
export * from './features/job-attachments/job-attachment-tables.ts';
export * from './features/job-departures/job-departure-tables.ts';
export * from './features/job-notes/job-note-tables.ts';
export * from './features/job-signatures/job-signature-tables.ts';
export * from './features/jobs/job-tables.ts';
export * from './features/mail/invoice-email-tables.ts';
export * from './features/mail/quote-email-tables.ts';
export * from './features/organisation/organisation-tables.ts';
export * from './features/organisation/template-tables.ts';
export * from './features/quotes/quote-tables.ts';
export * from './features/tax-rates/tax-rate-tables.ts';
export * from './features/team/team-tables.ts';
export * from './features/technicians/technician-tables.ts';
export * from './platform/db/tenant-table.ts';
export * from './platform/http/idempotency-keys.ts';
export * from './platform/mail/outbox-tables.ts';
export * from './platform/records/tenant-counter-table.ts';
export * from './platform/tasks/task-tables.ts';
