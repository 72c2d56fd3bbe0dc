/**
 * The list query a picker sends for what the user typed (spec: trimmed, spaces to ' AND ', `*` appended): every
 * word must match, the last one as the start of a word ("acme plu" → "acme AND plu*"). Quotes and other syntax
 * in the text are searched as words, never sent as query syntax.
 */
export function pickerQuery(text: string): string {
  const words = text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/[^\p{L}\p{N}@.\-_']/gu, ''))
    .filter(Boolean)
    .map((word) => (/^[\p{L}\p{N}@._-]+$/u.test(word) ? word : `"${word}"`));
  if (words.length === 0) return '*';
  const last = words.length - 1;
  return words
    .map((word, index) => (index === last && !word.startsWith('"') ? `${word}*` : word))
    .join(' AND ');
}
