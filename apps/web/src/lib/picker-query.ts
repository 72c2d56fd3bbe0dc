import { searchWords } from '@fieldbook/domain';

/**
 * The list query a picker sends for what the user typed (spec: trimmed, spaces to ' AND ', `*` appended): every
 * word must match the start of a word of the record ("acme plu" → "acme AND plu*"). Each typed word goes as its
 * search words (`searchWords`, joined by `-`: `O'Bri` → `obri`, `15mm` → `15-mm`), so quotes and other syntax in
 * the text are searched as words, never sent as query syntax.
 */
export function pickerQuery(text: string): string {
  const words = text
    .trim()
    .split(/\s+/)
    .map((word) => searchWords(word).join('-'))
    .filter(Boolean);
  if (words.length === 0) return '*';
  return `${words.join(' AND ')}*`;
}
