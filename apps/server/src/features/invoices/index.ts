// The invoices feature as other features use it: nothing else of it may be imported from outside (Biome).
export { invoices } from './invoice-tables.ts';
export { findInvoice, importInvoices, invoiceRead } from './invoices.ts';
