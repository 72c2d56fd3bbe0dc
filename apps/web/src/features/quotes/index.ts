// The quotes feature's public entry: what other features may use. Everything else in this folder is internal.

export { customerQuotesQueryOptions, jobQuoteQueryOptions } from './api/get-quotes';
export { CustomerQuotesPanel } from './customer-quotes-panel';
