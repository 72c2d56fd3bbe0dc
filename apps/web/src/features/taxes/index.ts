// The taxes feature's public entry: what other features may use. Everything else in this folder is internal.

export { taxRateChoicesQueryOptions } from './api/get-tax-rates';
