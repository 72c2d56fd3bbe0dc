// The invoices feature as other features use it: nothing else of it may be imported from outside (Biome).
export {
  checkedLineRates,
  keepingSavedRates,
  lineRatesRead,
  type RateSnapshot,
  taxedLinesOf,
} from './invoice-line-rates.ts';
export { invoices } from './invoice-tables.ts';
export {
  findInvoice,
  type InvoiceImport,
  importInvoices,
  invoiceCreate,
  invoiceRead,
} from './invoices.ts';
export { type PaymentLine, paymentLinesRead } from './payment-reads.ts';
export { invoicePayments } from './payment-tables.ts';
