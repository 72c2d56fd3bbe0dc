// The quotes feature as other features use it: nothing else of it may be imported from outside (Biome).

export { quoteToJob } from './quote-conversions.ts';
export { newQuoteToken, setQuoteLink } from './quote-links.ts';
export { quotes } from './quote-tables.ts';
export { findQuote, quoteCreate, quoteSave } from './quotes.ts';
