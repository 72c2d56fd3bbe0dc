// The invoices feature as other features use it: nothing else of it may be imported from outside (Biome).
export { importInvoices } from './invoice-import.ts';
export { invoices } from './invoice-tables.ts';
export { findInvoice, invoiceRead } from './invoices.ts';
