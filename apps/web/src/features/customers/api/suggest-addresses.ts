import type { AddressSuggestion } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';

/** Cache key prefix of the address suggestions; the typed text follows it. */
export const addressSuggestionsKey = ['addresses', 'suggest'] as const;

/** GET /addresses/suggest?q={text}: up to 10 Australian addresses matching the text. */
export function suggestAddresses(text: string): Promise<AddressSuggestion[]> {
  return apiFetch<AddressSuggestion[]>(`/addresses/suggest?${new URLSearchParams({ q: text })}`);
}
