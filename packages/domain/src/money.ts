import { Decimal } from 'decimal.js';

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

/** Money as the API and the screens show it: 2 decimals, rounded half-up. */
export function formatMoney(value: Decimal.Value): string {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
