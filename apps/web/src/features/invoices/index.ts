// The invoices feature's public entry: what other features may use. Everything else in this folder is internal.

export { customerInvoicesQueryOptions } from './api/get-invoices';
export { CustomerInvoicesPanel } from './customer-invoices-panel';
export { invoiceLineColumns } from './invoice-columns';
export {
  lineValues,
  savedRatesOf,
  TaxedLinesEditor,
  type TaxedLineValues,
  useLineTaxRates,
} from './taxed-lines-editor';
