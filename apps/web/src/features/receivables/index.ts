// The receivables feature's public entry: what other features may use. Everything else in this folder is internal.

export { OverdueSummary } from './overdue-summary';
