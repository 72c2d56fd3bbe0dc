// The quotes feature as other features use it: nothing else of it may be imported from outside (Biome).
export { quotes } from './quote-tables.ts';
export { findQuote } from './quotes.ts';
