import { MATCH_ALL } from './list-limits.ts';

/** A word the list's query syntax reads as typed: letters, digits and a few marks, maybe `-` (not) first. */
const BARE_WORD = /^(?:-(?!\p{N}))?[\p{L}\p{N}\p{M}_@#$?*][\p{L}\p{N}\p{M}_@#$?*.-]*$/u;
/** `field:value`, the syntax's own: such a search is taken as the user wrote it. */
const FIELD_TERM = /^\(*[A-Za-z_][\w.]*:\S/;
/** A phrase the user put in double quotes (a `\"` inside is a quote). */
const PHRASE = /^"(?:[^"\\]|\\.)*"$/;
const WORDS = /"(?:[^"\\]|\\.)*"|\S+/g;

function quoted(word: string): string {
  return `"${word.replace(/[\\"]/g, '\\$&')}"`;
}

function isOperator(word: string, index: number, count: number): boolean {
  if (word === 'NOT') return index < count - 1;
  return (word === 'AND' || word === 'OR') && index > 0 && index < count - 1;
}

/**
 * The list's `q` for what the user typed in a search box. The API reads `q` in its query syntax, where
 * O'Brien, Fish & Chips, (02) 5550 0101 or 3/12 are malformed; each such word goes in quotes, which searches
 * for it as it is. Words, `"phrases"`, `-word`, `word*` and AND / OR / NOT between words keep their meaning,
 * and a search with `field:value` in it is the user writing the syntax: it goes as typed. Empty is everything.
 */
export function searchQuery(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return MATCH_ALL;
  const words = trimmed.match(WORDS) ?? [];
  if (words.some((word) => FIELD_TERM.test(word))) return trimmed;
  return words
    .map((word, index) =>
      PHRASE.test(word) ||
      (BARE_WORD.test(word) && !/^(AND|OR|NOT)$/.test(word)) ||
      isOperator(word, index, words.length)
        ? word
        : quoted(word),
    )
    .join(' ');
}
