import { Decimal } from 'decimal.js';
import { plainText } from './decimal-units.ts';
import { type DecimalRule, MAX_MONEY, MONEY, readDecimal, typedDecimal, type Written } from './money.ts';
import { optionalText, requiredText } from './text-fields.ts';
import { z } from './zod.ts';

// The lines of a record (a job's items, an invoice's line items): what a user edits, what the API returns, and the
// one rule for a line's amount, used by the server and the editors alike.

/** Quantities: up to 4 decimals, below 100,000 (`numeric(9,4)`). */
export const QUANTITY: DecimalRule = {
  places: 4,
  max: new Decimal('99999.9999'),
  example: '2.5',
  written: 'count',
};
/**
 * Unit prices: 4 decimals as accounting products keep them; up to 7 when a price derived from an amount needs
 * them (a quantity of 100 or more), so the amount reads back unchanged (`numeric(17,7)`).
 */
export const UNIT_PRICE: DecimalRule = {
  places: 7,
  max: new Decimal('9999999999.9999999'),
  example: '12.50',
  written: 'money',
};
const PRICE_PLACES = 4;

/** A quantity as text: its own decimals without trailing zeros ("3", "2.5", "0.125"). */
export const quantityText = (value: Decimal.Value) => plainText(value);

/** A unit price as text: at least 2 decimals, more only when it has them ("12.50", "33.3333"). */
export const priceText = (value: Decimal.Value): string => plainText(value, 2);

/** An optional decimal of a line: text or a JSON number, absent or null; the output is its text or null. */
const decimalField = (what: string, rule: DecimalRule, text: (value: Decimal) => string) =>
  z
    .union([z.string(), z.number()], { error: `Enter the ${what}.` })
    // The OpenAPI document needs a type beside `nullable`: text is what the API gives back.
    .meta({
      type: 'string',
      description: `The ${what} as text, such as "${rule.example}" (or a JSON number).`,
    })
    .nullish()
    .transform((input, context) => {
      // An empty box is no value, as absent or null is.
      if (input === null || input === undefined || (typeof input === 'string' && input.trim() === ''))
        return null;
      const reading = readDecimal(input, what, rule);
      if (reading.ok) return text(reading.value);
      context.addIssue({ code: 'custom', message: reading.message, input });
      return z.NEVER;
    });

/**
 * A line as a user edits it: a catalogue item's code and description, or a typed description. When both quantity
 * and price are given the server computes the amount from them; the amount sent counts only when one of them is
 * missing (a lump sum).
 */
export const lineFields = z
  .object({
    code: optionalText(50),
    description: requiredText('Enter the description.', 1000, { multiLine: true }),
    quantity: decimalField('quantity', QUANTITY, quantityText),
    price: decimalField('price', UNIT_PRICE, priceText),
    amount: decimalField('amount', MONEY, (value) => value.toFixed(2)),
  })
  .superRefine((line, context) => {
    if (!fitsMoney(lineAmount(line)))
      context.addIssue({ code: 'custom', path: ['amount'], message: 'The amount is too large.' });
  });

export type LineFields = z.output<typeof lineFields>;

/** A line as the API returns it: quantity and price as their text, the amount with 2 decimals. */
export const lineRecord = z.object({
  code: z.string().nullable(),
  description: z.string(),
  quantity: z.string().nullable(),
  price: z.string().nullable(),
  amount: z.string(),
});

export type Line = z.infer<typeof lineRecord>;

/** Whether an amount fits a money column; a line whose quantity × price does not is refused. */
const fitsMoney = (amount: string) => new Decimal(amount).lessThanOrEqualTo(MAX_MONEY);

/** A line's number as typed or stored ("$1,234.50" for a price or an amount), plain; undefined when it does not read. */
const numberOf = (value: string | null | undefined, written: Written): string | undefined =>
  value === null || value === undefined ? undefined : typedDecimal(value, written);

/** quantity × price rounded half-up to cents, as text with 2 decimals ("100.00"). */
export function lineAmountOf(quantity: Decimal.Value, price: Decimal.Value): string {
  return new Decimal(quantity).times(price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * The one rule for a line's amount, on both sides: quantity × price (half-up to cents) when both are given,
 * otherwise the amount given (a lump sum), otherwise 0.00. Its numbers may be as a user typed them ("$1,234.50"); one
 * that does not read (half typed, "1.2.") counts as missing.
 */
export function lineAmount(line: {
  quantity?: string | null;
  price?: string | null;
  amount?: string | null;
}): string {
  const quantity = numberOf(line.quantity, 'count');
  const price = numberOf(line.price, 'money');
  if (quantity !== undefined && price !== undefined) return lineAmountOf(quantity, price);
  const amount = numberOf(line.amount, 'money');
  if (amount !== undefined) return new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  return '0.00';
}

/**
 * The unit price for an amount a user typed: amount / quantity to 4 decimals, or to the fewest more (up to 7)
 * that give the amount back, so the amount never drifts (100.00 over 3 is 33.3333, and 3 × 33.3333 is 100.00).
 * Both may be as typed ("$1,234.50", "1,000"). Undefined when either does not read as a number, or the quantity is 0
 * (no price gives the amount).
 */
export function priceFromAmount(amount: Decimal.Value, quantity: Decimal.Value): string | undefined {
  const typedAmount = typeof amount === 'string' ? numberOf(amount, 'money') : amount;
  const typedQuantity = typeof quantity === 'string' ? numberOf(quantity, 'count') : quantity;
  if (typedAmount === undefined || typedQuantity === undefined) return undefined;
  const wanted = new Decimal(typedAmount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const count = new Decimal(typedQuantity);
  if (count.isZero() || !count.isFinite()) return undefined;
  for (let places = PRICE_PLACES; places <= UNIT_PRICE.places; places += 1) {
    const price = wanted.dividedBy(count).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
    if (lineAmountOf(count, price) === wanted.toFixed(2)) return priceText(price);
  }
  return undefined;
}

/** A record's totals from its lines. */
export interface LineTotals {
  subtotal: string;
  tax: string;
  total: string;
}
