import { Decimal } from 'decimal.js';
import { z } from './zod.ts';

/** The largest amount a `numeric(12,2)` column holds. */
export const MAX_MONEY = new Decimal('9999999999.99');

export type MoneyReading = { ok: true; value: string } | { ok: false; message: string };

// Plain decimals only: `1e3`, `0x10`, `Infinity` and thousands separators are refused, not reinterpreted.
const plainDecimal = /^(\d+(\.\d*)?|\.\d+)$/;

/** How a decimal field reads: its decimal places, its largest value, and an example for the message. */
export interface DecimalRule {
  places: number;
  max: Decimal;
  example: string;
}

/**
 * Reads a non-negative decimal typed as text or sent as a JSON number, with at most `rule.places` decimals and
 * at most `rule.max`. Returns the exact value (never a float) or the message for the field.
 */
export function readDecimal(
  input: string | number,
  what: string,
  rule: DecimalRule,
): { ok: true; value: Decimal } | { ok: false; message: string } {
  // A JSON number is already a double; its shortest round-trip text is what the client wrote (12.5, 0.1).
  const text = (typeof input === 'number' ? String(input) : input).trim();
  if (text === '') return { ok: false, message: `Enter the ${what}.` };
  if (text.startsWith('-')) return { ok: false, message: `The ${what} cannot be negative.` };
  if (!plainDecimal.test(text))
    return { ok: false, message: `Enter the ${what} as a number, such as ${rule.example}.` };
  const value = new Decimal(text);
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
  const reading = readDecimal(input, what, { places: 2, max: MAX_MONEY, example: '12.50' });
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
