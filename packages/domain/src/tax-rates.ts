import { Decimal } from 'decimal.js';
import { plainText } from './decimal-units.ts';
import { readDecimal } from './money.ts';
import { saveOf } from './records.ts';
import { requiredText } from './text-fields.ts';
import { z } from './zod.ts';

/** The largest rate a `numeric(14,4)` column holds: the specification bounds a rate by nothing else. */
export const MAX_TAX_RATE = new Decimal('9999999999.9999');

/** A rate as it is shown and sent back: its decimals without trailing zeros ("10", "12.5", "0"). */
export const rateText = (value: Decimal.Value): string => plainText(value);

/**
 * A tax rate as a percentage, typed as text (or sent as a JSON number): a plain non-negative decimal with at most
 * 4 decimal places. The output is `rateText` of it.
 */
export const rateField = z
  .union([z.string(), z.number()], { error: 'Enter the tax rate.' })
  .meta({
    type: 'string',
    description: 'The rate in percent as text, such as "10" or "12.5" (or a JSON number).',
  })
  .transform((input, context) => {
    const reading = readDecimal(input, 'tax rate', {
      places: 4,
      max: MAX_TAX_RATE,
      example: '10',
      written: 'plain',
    });
    if (reading.ok) return rateText(reading.value);
    context.addIssue({ code: 'custom', message: reading.message, input });
    return z.NEVER;
  });

/** A tax rate of the organisation (GST 10 %, GST Free 0 %). */
export const taxRateFields = z.object({
  name: requiredText('Enter the tax name.', 100),
  rate: rateField,
});

export const taxRateUpdate = saveOf(taxRateFields);

export type TaxRateFields = z.output<typeof taxRateFields>;
export type TaxRateUpdate = z.output<typeof taxRateUpdate>;

/** A tax rate as the API returns it; the rate is text, in percent ("10"). */
export const taxRateRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  rate: z.string(),
  created: z.string(),
  updated: z.string(),
});

export type TaxRate = z.infer<typeof taxRateRecord>;

/** The rates every organisation starts with; the first is the default for a new invoice line. */
export const STARTING_TAX_RATES = [
  { name: 'GST', rate: '10' },
  { name: 'GST Free', rate: '0' },
] as const;
