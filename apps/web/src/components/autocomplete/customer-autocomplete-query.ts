import type { ListParams } from '../../lib/list-params';

/** The customer autocomplete asks for the first page of this many customers (spec section 9). */
export const CUSTOMER_AUTOCOMPLETE_SIZE = 10;

/**
 * The customer search behind a customer autocomplete (spec section 5): the typed text trimmed, the
 * spaces between words become ' AND ' and '*' is appended, so ' acme plumb ' finds 'acme AND plumb*'.
 */
export function customerAutocompleteQuery(text: string): ListParams {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return { q: `${words.join(' AND ')}*`, p: 1, s: CUSTOMER_AUTOCOMPLETE_SIZE };
}
