import { DATE_YEARS, isInDateYears, searchWords } from '@fieldbook/domain';
import type { LiteralExpressionToken } from 'liqe';
import { invalidQuery, type TextTerm } from './list-resource.ts';

export type { TextTerm };

/** PostgreSQL's default LIKE escape character is the backslash, so these three must be escaped. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** Makes user text literal inside a PostgreSQL regular expression. */
export const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** liqe turns `true`, `null` and numbers into values; the user typed text, so give the text back. */
export const literalText = (literal: LiteralExpressionToken): string =>
  typeof literal.value === 'string' ? literal.value : String(literal.value);

/**
 * Reads a value searched as text. Quoted values are literal (a phrase). Unquoted, a trailing `*` asks for a prefix;
 * for words (`words`), a `*` inside or before a word is a wildcard within it (`w*son`); elsewhere (ids, codes) any
 * other `*` is refused rather than silently matched literally.
 */
export function textTerm(literal: LiteralExpressionToken, label: string, words: boolean): TextTerm {
  let text = literalText(literal);
  let prefix = false;
  if (!literal.quoted) {
    prefix = text.endsWith('*');
    if (prefix) text = text.replace(/\*+$/, '');
    if (!words && text.includes('*'))
      throw invalidQuery(`${label}: * is only supported at the end of a value (prefix)`);
  }
  if (text === '') throw invalidQuery(`${label} needs a value`);
  return { text, prefix, phrase: literal.quoted };
}

/** Plain decimals only: liqe and JavaScript accept forms (`1e3`, `0x10`) PostgreSQL reads differently. */
export function numberValue(literal: LiteralExpressionToken, label: string, integer = false): number {
  const text = literalText(literal);
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw invalidQuery(`${label} expects a number, got "${text}"`);
  return numberInRange(Number(text), label, integer);
}

/** PostgreSQL's `integer`; other numbers are kept well inside what a double holds exactly. */
const INTEGER_RANGE = { min: -2_147_483_648, max: 2_147_483_647 };
const NUMBER_LIMIT = 1e15;

/** A number the column can be compared with; a whole number for an `integer` column. */
export function numberInRange(value: number, label: string, integer: boolean): number {
  if (integer) {
    if (!Number.isInteger(value)) throw invalidQuery(`${label} expects a whole number, got ${value}`);
    if (value < INTEGER_RANGE.min || value > INTEGER_RANGE.max) {
      throw invalidQuery(`${label}: ${value} is out of range (at most ${INTEGER_RANGE.max})`);
    }
    return value;
  }
  if (!Number.isFinite(value) || Math.abs(value) >= NUMBER_LIMIT)
    throw invalidQuery(`${label}: number out of range`);
  return value;
}

/** A point in time as PostgreSQL will read it; `nextDay` is set when the user gave a date without a time. */
export interface TimestampValue {
  value: string;
  nextDay?: string;
}

const isoDateTime =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|([+-])(\d{2})(?::?(\d{2}))?)?)?$/i;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Validated here, because a date PostgreSQL rejects (2024-02-31, year 0) would otherwise be a 500; like every date
 * field, in `DATE_YEARS` once its offset is applied (a time without one is read as UTC).
 */
export function timestampValue(literal: LiteralExpressionToken, label: string): TimestampValue {
  const text = literalText(literal);
  const parts = isoDateTime.exec(text);
  const bad = () => invalidQuery(`${label} expects an ISO date such as 2024-05-31 or "2024-05-31T14:00Z"`);
  if (!parts) throw bad();
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts
    .slice(1, 7)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const [sign, offsetHour, offsetMinute] = [parts[7], Number(parts[8] ?? 0), Number(parts[9] ?? 0)];
  // setUTCFullYear, not Date.UTC: the latter reads years below 100 as 19xx.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const calendarDay = date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
  if (!calendarDay || hour > 23 || minute > 59 || second > 59 || offsetHour > 15 || offsetMinute > 59)
    throw bad();
  const offset = (sign === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute) * 60_000;
  if (!isInDateYears(date.getTime() + ((hour * 60 + minute) * 60 + second) * 1000 - offset))
    throw invalidQuery(`${label} expects a date between ${DATE_YEARS.first} and ${DATE_YEARS.last}`);
  if (parts[4] !== undefined) return { value: text };
  date.setUTCDate(date.getUTCDate() + 1);
  const nextDay = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
  return { value: text, nextDay };
}

/** A name's words, as a search reads them: 'Completed (Closed)' is 'completed closed', as `completed_closed` is. */
const wordsKey = (text: string) => searchWords(text).join(' ');

/**
 * The value a field of fixed values (`status:`, `role:`) is asked for by `text`: one of `values` (a code such as
 * `OPEN_SCHEDULED`, in any case), or the value the screens call so (`names`: `scheduled`, `"in progress"`,
 * `in_progress`), or the only one whose name starts so (`ready`, `cancelled`). Undefined when none is, or several.
 */
export function fixedValue(
  values: readonly string[],
  names: Readonly<Record<string, string>> | undefined,
  text: string,
): string | undefined {
  const upper = text.toUpperCase();
  const code =
    values.find((value) => value === text) ?? values.find((value) => value.toUpperCase() === upper);
  if (code !== undefined || names === undefined) return code;
  const typed = wordsKey(text);
  if (typed === '') return undefined;
  const named = values.filter((value) => names[value] !== undefined);
  const whole = named.filter((value) => wordsKey(names[value] ?? '') === typed);
  const started = named.filter((value) => wordsKey(names[value] ?? '').startsWith(typed));
  const [only, another] = whole.length > 0 ? whole : started;
  return another === undefined ? only : undefined;
}
