import type { Decimal } from 'decimal.js';
import { type DecimalUnits, divideHalfUp, scale, unitsAt, unitsOf, unitsText } from './decimal-units.ts';
import { type LineTotals, lineFields, lineRecord } from './lines.ts';
import { namedReference, recordReference } from './records.ts';
import { z } from './zod.ts';

// The one tax arithmetic of the product (specification section 5), used by the server to compute every invoice's
// totals and by the editor to show them live, so the two can never differ. Exact (`decimal-units.ts`), never a float;
// each line's tax is rounded half-up to the cent and the invoice's tax is the sum of its lines' taxes (the ATO
// allows rounding per line or per invoice; per line is what the specification says).

/**
 * The tax in one line's amount at `rate` percent, in cents, half-up: amount × rate / 100 when amounts exclude tax;
 * amount − amount / (1 + rate / 100), that is amount × rate / (100 + rate), when they include it (the tax part of a
 * GST-inclusive price: 1/11 of it at 10 %). A line with no rate has none. Exact: whole numbers throughout.
 */
function lineTaxCents(
  amount: DecimalUnits,
  rate: Decimal.Value | null | undefined,
  includeTax: boolean,
): bigint {
  if (rate === null || rate === undefined) return 0n;
  const { units: a, places: p } = amount;
  const { units: r, places: q } = unitsOf(rate);
  // The amount is a / 10^p dollars and the rate r / 10^q percent.
  return includeTax
    ? divideHalfUp(a * 100n * r, scale(p) * (100n * scale(q) + r))
    : divideHalfUp(a * r, scale(p + q));
}

/** The tax in one line's amount at `rate` percent (`lineTaxCents`), as text with 2 decimals. */
export const lineTax = (
  amount: Decimal.Value,
  rate: Decimal.Value | null | undefined,
  includeTax: boolean,
): string => unitsText(lineTaxCents(unitsOf(amount), rate, includeTax), 2);

/**
 * An invoice's totals from its lines' amounts and rates: the subtotal is the sum of the amounts; the tax the sum of
 * the lines' taxes; the total is subtotal + tax when amounts exclude tax, and the subtotal when they include it.
 */
export function invoiceTotals(
  lines: readonly { amount: string; rate: string | null | undefined }[],
  includeTax: boolean,
): LineTotals {
  const amounts = lines.map((line) => unitsOf(line.amount));
  // The amounts are summed exactly, at their most decimal places (2 from the server), and rounded to the cent.
  const places = Math.max(2, ...amounts.map((amount) => amount.places));
  let subtotal = 0n;
  let tax = 0n;
  amounts.forEach((amount, index) => {
    subtotal += unitsAt(amount, places);
    tax += lineTaxCents(amount, lines[index]?.rate, includeTax);
  });
  const cents = (units: bigint) => unitsText(unitsAt({ units, places }, 2), 2);
  return {
    subtotal: cents(subtotal),
    tax: unitsText(tax, 2),
    total: cents(includeTax ? subtotal : subtotal + tax * scale(places - 2)),
  };
}

/** An invoice line as a user edits it: a line's fields and the tax rate it is charged at (none for no tax). */
export const invoiceLineFields = lineFields.safeExtend({
  taxRate: recordReference('Choose an existing tax rate.')
    .nullish()
    .transform((value) => value ?? null),
});

export type InvoiceLineFields = z.output<typeof invoiceLineFields>;

/** An invoice line as the API returns it: the rate as it was when the invoice was saved. */
const { amount, ...described } = lineRecord.shape;
export const invoiceLineRecord = z.object({
  ...described,
  taxRate: namedReference.extend({ rate: z.string() }).nullable(),
  amount,
});

export type InvoiceLine = z.infer<typeof invoiceLineRecord>;
