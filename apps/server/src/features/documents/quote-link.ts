import type { DocumentSource } from './documents.ts';

/**
 * The quote as its email shows it: with the address where the customer accepts or declines it online, which the
 * quote templates show as a link (a quote's data has none otherwise). Any other document is left as it is.
 */
export function withQuoteLink(source: DocumentSource, url: string): DocumentSource {
  const { quote } = source.data;
  if (!quote) return source;
  return { ...source, data: { ...source.data, quote: { ...quote, link: url } } };
}
