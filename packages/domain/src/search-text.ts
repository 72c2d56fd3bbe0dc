import { MATCH_ALL } from './list-limits.ts';
import { SearchSyntaxError, safeSearchQuery, searchWords } from './search-words.ts';

/**
 * The list's `q` for what the user typed in a search box. The API reads everyday text as its words (`O'Brien`,
 * `Fish & Chips`, `3/12`), so the text goes as typed; but a search the user is still writing may be malformed
 * query syntax (an unclosed quote, `rock AND`), which the API refuses: then its words, without its operators, until
 * it is whole. Empty is everything.
 */
export function searchQuery(text: string): string {
  const trimmed = text.trim().replace(/\s+/gu, ' ');
  if (trimmed === '') return MATCH_ALL;
  try {
    safeSearchQuery(trimmed);
    return trimmed;
  } catch (error) {
    if (!(error instanceof SearchSyntaxError)) throw error;
    return (
      searchWords(trimmed.replace(/(?<![\p{L}\p{N}])(AND|OR|NOT)(?![\p{L}\p{N}])/gu, ' ')).join(' ') ||
      MATCH_ALL
    );
  }
}

/**
 * Whether the list's `q` has no words to look for (`&&`, `!!!`, an emoji): the API then lists everything, as for
 * `*`, and a list screen says why. Not `*` itself, nor a search the API refuses.
 */
export function isWordlessSearch(q: string): boolean {
  const trimmed = q.trim();
  if (trimmed === '' || trimmed === MATCH_ALL) return false;
  try {
    const safe = safeSearchQuery(trimmed);
    return safe === '' || safe === MATCH_ALL;
  } catch (error) {
    if (error instanceof SearchSyntaxError) return false;
    throw error;
  }
}
