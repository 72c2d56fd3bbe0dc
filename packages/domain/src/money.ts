import { Decimal } from 'decimal.js';
import { z } from './zod.ts';

/** The largest amount a `numeric(12,2)` column holds. */
export const MAX_MONEY = new Decimal('9999999999.99');

export type MoneyReading = { ok: true; value: string } | { ok: false; message: string };

// Plain decimals only: `1e3`, `0x10`, `Infinity` and thousands separators are refused, not reinterpreted.
const plainDecimal = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * Reads a money amount typed as text or sent as a JSON number: non-negative, at most 2 decimal places,
 * within `numeric(12,2)`. Returns it as text with exactly 2 decimals ("12.50"); never a float.
 */
export function readMoney(input: string | number, what = 'amount'): MoneyReading {
  // A JSON number is already a double; its shortest round-trip text is what the client wrote (12.5, 0.1).
  const text = (typeof input === 'number' ? String(input) : input).trim();
  if (text === '') return { ok: false, message: `Enter the ${what}.` };
  if (text.startsWith('-')) return { ok: false, message: `The ${what} cannot be negative.` };
  if (!plainDecimal.test(text))
    return { ok: false, message: `Enter the ${what} as a number, such as 12.50.` };
  const value = new Decimal(text);
  if (value.decimalPlaces() > 2) return { ok: false, message: `Use at most 2 decimal places.` };
  if (value.greaterThan(MAX_MONEY)) return { ok: false, message: `The ${what} is too large.` };
  return { ok: true, value: value.toFixed(2) };
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
  const fixed = new Decimal(typeof value === 'string' ? value.trim() : value)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
  const negative = fixed.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative && fixed !== '-0.00' ? '-' : ''}${grouped}.${cents}`;
}
