import { Decimal } from 'decimal.js';
import { lineFields } from './job-lines.ts';
import { namedReference, recordReference } from './records.ts';
import { z } from './zod.ts';

// The one tax arithmetic of the product (specification section 5), used by the server to compute every invoice's
// totals and by the editor to show them live, so the two can never differ. Decimal throughout, never a float;
// each line's tax is rounded half-up to the cent and the invoice's tax is the sum of its lines' taxes (the ATO
// allows rounding per line or per invoice; per line is what the specification says).

/** Half-up to the cent, as text with 2 decimals. */
const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * The tax in one line's amount at `rate` percent: amount × rate / 100 when amounts exclude tax; amount − amount /
 * (1 + rate / 100) when they include it (the tax part of a GST-inclusive price: 1/11 of it at 10 %). A line with
 * no rate has none.
 */
export function lineTax(
  amount: Decimal.Value,
  rate: Decimal.Value | null | undefined,
  includeTax: boolean,
): string {
  if (rate === null || rate === undefined) return '0.00';
  const value = new Decimal(amount);
  const percent = new Decimal(rate);
  if (!includeTax) return cents(value.times(percent).dividedBy(100));
  return cents(value.minus(value.dividedBy(percent.dividedBy(100).plus(1))));
}

export interface InvoiceTotals {
  subtotal: string;
  tax: string;
  total: string;
}

/**
 * An invoice's totals from its lines' amounts and rates: the subtotal is the sum of the amounts; the tax the sum of
 * the lines' taxes; the total is subtotal + tax when amounts exclude tax, and the subtotal when they include it.
 */
export function invoiceTotals(
  lines: readonly { amount: string; rate: string | null | undefined }[],
  includeTax: boolean,
): InvoiceTotals {
  let subtotal = new Decimal(0);
  let tax = new Decimal(0);
  for (const line of lines) {
    subtotal = subtotal.plus(line.amount);
    tax = tax.plus(lineTax(line.amount, line.rate, includeTax));
  }
  return {
    subtotal: subtotal.toFixed(2),
    tax: tax.toFixed(2),
    total: (includeTax ? subtotal : subtotal.plus(tax)).toFixed(2),
  };
}

/** An invoice line as a user edits it: a job line's fields and the tax rate it is charged at (none for no tax). */
export const invoiceLineFields = lineFields.safeExtend({
  taxRate: recordReference('Choose an existing tax rate.')
    .nullish()
    .transform((value) => value ?? null),
});

export type InvoiceLineFields = z.output<typeof invoiceLineFields>;

/** An invoice line as the API returns it: the rate as it was when the invoice was saved. */
export const invoiceLineRecord = z.object({
  code: z.string().nullable(),
  description: z.string(),
  quantity: z.string().nullable(),
  price: z.string().nullable(),
  taxRate: namedReference.extend({ rate: z.string() }).nullable(),
  amount: z.string(),
});

export type InvoiceLine = z.infer<typeof invoiceLineRecord>;
