// The documents feature as other features use it: nothing else of it may be imported from outside (Biome).
export {
  asSentInvoice,
  type DocumentSource,
  readInvoiceSourceIn,
  readQuoteSourceIn,
  readRecordSource,
  renderDocument,
} from './documents.ts';
export { withQuoteLink } from './quote-link.ts';
export { readStatementSource } from './statements.ts';
