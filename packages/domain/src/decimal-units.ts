import { Decimal } from 'decimal.js';

// Exact decimal arithmetic on whole numbers: a decimal is its digits as a bigint and how many of them are decimal
// places ("12.50" is 1250 in hundredths). The tax arithmetic and the texts of quantities, prices and rates run on
// every invoice a list shows; decimal.js, which keeps digits in arrays and parses each value afresh, was 30 % of the
// server's time for the invoice list (docs/performance.md, "Fifth round"). Exact, never a float.

/** A decimal as a whole number of its smallest unit: "12.50" is { units: 1250n, places: 2 }. */
export interface DecimalUnits {
  units: bigint;
  places: number;
}

/** Text as the database writes a decimal ("12.50", "-3"): read without a regular expression's captures. */
const databaseDecimal = /^-?\d+(?:\.\d+)?$/;
const plainDecimal = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * The units of a decimal: text as the database or a form gives it ("12.50", "-3", ".5"), a number or a Decimal.
 * Anything else is read by decimal.js first ("1e3"), which refuses what is not a number, as it always did.
 */
export function unitsOf(value: Decimal.Value): DecimalUnits {
  if (typeof value === 'string' && databaseDecimal.test(value)) {
    const dot = value.indexOf('.');
    if (dot < 0) return { units: BigInt(value), places: 0 };
    return { units: BigInt(value.slice(0, dot) + value.slice(dot + 1)), places: value.length - dot - 1 };
  }
  const text = typeof value === 'string' ? value.trim() : undefined;
  const match = text === undefined ? null : plainDecimal.exec(text);
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || whole + fraction === '') {
    const decimal = new Decimal(value);
    if (!decimal.isFinite()) throw new RangeError(`Not a finite decimal: ${String(value)}`);
    return unitsOf(decimal.toFixed());
  }
  return { units: BigInt(`${sign === '-' ? '-' : ''}${whole || '0'}${fraction}`), places: fraction.length };
}

const powers = Array.from({ length: 40 }, (_, places) => 10n ** BigInt(places));
/** 10 to the power `places`, as a bigint. */
export const scale = (places: number) => powers[places] ?? 10n ** BigInt(places);

/** `numerator / denominator` (denominator > 0) rounded half away from zero, as decimal.js's ROUND_HALF_UP does. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const size = numerator < 0n ? -numerator : numerator;
  const quotient = (2n * size + denominator) / (2n * denominator);
  return numerator < 0n ? -quotient : quotient;
}

/** The units of `value` at `places` decimal places, rounded half away from zero where it has more. */
export function unitsAt({ units, places }: DecimalUnits, target: number): bigint {
  return target >= places ? units * scale(target - places) : divideHalfUp(units, scale(places - target));
}

/** Units at `places` as text with exactly that many decimals: (-1250n, 2) is "-12.50". */
export function unitsText(units: bigint, places: number): string {
  const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const sign = units < 0n ? '-' : '';
  return places === 0 ? `${sign}${whole}` : `${sign}${whole}.${digits.slice(digits.length - places)}`;
}

/**
 * A decimal as text without trailing zeros, but with at least `minPlaces` decimals: decimal.js's `toFixed()`
 * (minPlaces 0: "2.5000" is "2.5", "10.0000" is "10") and `toFixed(max(2, decimalPlaces))` (2: "12.5" is "12.50").
 */
export function plainText(value: Decimal.Value, minPlaces = 0): string {
  let { units, places } = unitsOf(value);
  while (places > minPlaces && units % 10n === 0n) {
    units /= 10n;
    places -= 1;
  }
  const shown = Math.max(places, minPlaces);
  return unitsText(units * scale(shown - places), shown);
}

/** The sum of decimals as text with 2 decimals, rounded half away from zero where they have more ("12.50"). */
export function sumText(values: readonly Decimal.Value[]): string {
  const all = values.map(unitsOf);
  const places = Math.max(2, ...all.map((value) => value.places));
  const units = all.reduce((sum, value) => sum + unitsAt(value, places), 0n);
  return unitsText(unitsAt({ units, places }, 2), 2);
}
