import { Decimal } from 'decimal.js';
import { z } from './zod.ts';

/** The largest amount a `numeric(12,2)` column holds. */
export const MAX_MONEY = new Decimal('9999999999.99');

/** A money amount's rule: 2 decimals, within `numeric(12,2)`, typed as people write money ("$1,234.50"). */
export const MONEY: DecimalRule = { places: 2, max: MAX_MONEY, example: '12.50', written: 'money' };

export type MoneyReading = { ok: true; value: string } | { ok: false; message: string };

/**
 * What a typed number may carry besides its digits: money (amounts and prices) a leading "$" ("$12.50",
 * "$ 12.50") and thousands separators ("1,234.50"); a count (a quantity) the separators only; plain neither.
 */
export type Written = 'money' | 'count' | 'plain';

/** How a decimal field reads: its decimal places, its largest value, an example for the message, and its marks. */
export interface DecimalRule {
  places: number;
  max: Decimal;
  example: string;
  written: Written;
}

const plainDecimal = /^(\d+(\.\d*)?|\.\d+)$/;
// Separators only where they belong, every three digits of the whole part: "1,234" and "12,345,678.90", not "1,23.4".
const groupedDecimal = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * The plain decimal ("1234.50") of a non-negative number typed as people write it (`written` says which marks it
 * may carry: "$1,234.50" is money), or undefined when it is not written so. Anything else is refused, not
 * reinterpreted: `1e3`, `0x10`, `Infinity`, "+5", badly grouped "1,23.4", or a "$" on a quantity or a rate.
 */
export function typedDecimal(text: string, written: Written): string | undefined {
  let digits = text.trim();
  if (written === 'money' && digits.startsWith('$')) digits = digits.slice(1).trimStart();
  if (plainDecimal.test(digits)) return digits;
  if (written !== 'plain' && groupedDecimal.test(digits)) return digits.replaceAll(',', '');
  return undefined;
}

/**
 * Reads a non-negative decimal typed as text (as `typedDecimal` reads it: "$1,234.50" for money) or sent as a JSON
 * number, with at most `rule.places` decimals and at most `rule.max`. Returns the exact value (never a float) or the
 * message for the field.
 */
export function readDecimal(
  input: string | number,
  what: string,
  rule: DecimalRule,
): { ok: true; value: Decimal } | { ok: false; message: string } {
  // A JSON number is already a double; its shortest round-trip text is what the client wrote (12.5, 0.1).
  const text = (typeof input === 'number' ? String(input) : input).trim();
  if (text === '') return { ok: false, message: `Enter the ${what}.` };
  const unsigned = rule.written === 'money' ? text.replace(/^\$\s*/, '') : text;
  if (text.startsWith('-') || unsigned.startsWith('-'))
    return { ok: false, message: `The ${what} cannot be negative.` };
  const digits = typedDecimal(text, rule.written);
  if (digits === undefined)
    return { ok: false, message: `Enter the ${what} as a number, such as ${rule.example}.` };
  const value = new Decimal(digits);
  if (value.decimalPlaces() > rule.places)
    return { ok: false, message: `Use at most ${rule.places} decimal places.` };
  if (value.greaterThan(rule.max)) return { ok: false, message: `The ${what} is too large.` };
  return { ok: true, value };
}

/**
 * Reads a money amount typed as text or sent as a JSON number: non-negative, at most 2 decimal places,
 * within `numeric(12,2)`. Returns it as text with exactly 2 decimals ("12.50"); never a float.
 */
export function readMoney(input: string | number, what = 'amount'): MoneyReading {
  const reading = readDecimal(input, what, MONEY);
  return reading.ok ? { ok: true, value: reading.value.toFixed(2) } : reading;
}

/** A money field of a request: text ("12.50") or a JSON number (12.5); the output is text with 2 decimals. */
export const moneyField = (what: string) =>
  z.union([z.string(), z.number()], { error: `Enter the ${what}.` }).transform((input, context) => {
    const reading = readMoney(input, what);
    if (reading.ok) return reading.value;
    context.addIssue({ code: 'custom', message: reading.message, input });
    return z.NEVER;
  });

const signedDecimal = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Money as every screen and document shows it (en-AU): 2 decimals rounded half-up, thousands grouped with
 * commas, "1,234.50". Decimal arithmetic throughout, never a float. Text that is not a number is shown as it came.
 */
export function formatMoney(value: Decimal.Value): string {
  if (typeof value === 'string' && !signedDecimal.test(value.trim())) return value;
  return grouped(decimalOf(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
}

const decimalOf = (value: Decimal.Value) => new Decimal(typeof value === 'string' ? value.trim() : value);

/** A number written out with its decimals ("-1234.50") with thousands grouped ("-1,234.50"); never "-0.00". */
function grouped(fixed: string): string {
  const negative = fixed.startsWith('-');
  const [whole = '0', decimals = ''] = (negative ? fixed.slice(1) : fixed).split('.');
  const sign = negative && /[1-9]/.test(fixed) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${decimals}`;
}

const withDollarSign = (formatted: string) =>
  formatted.startsWith('-') ? `-$${formatted.slice(1)}` : `$${formatted}`;

/** Money with its dollar sign, as screens and documents show it: "$1,234.50", "-$12.00". */
export function formatDollars(value: Decimal.Value): string {
  const formatted = formatMoney(value);
  return /^-?[\d,]+\.\d{2}$/.test(formatted) ? withDollarSign(formatted) : formatted;
}

/**
 * A unit price as screens and documents show it: as money, with the decimals it has past 2 ("$19.995",
 * "$33.3333"; "$20.00" for 20), so that a line's quantity × price reads as its amount.
 */
export function formatPrice(value: Decimal.Value): string {
  if (typeof value === 'string' && !signedDecimal.test(value.trim())) return value;
  const price = decimalOf(value);
  return withDollarSign(grouped(price.toFixed(Math.max(2, price.decimalPlaces()))));
}
