import { z } from 'zod';
import { readMoney } from './money.ts';
import { requiredText, saveOf } from './text-fields.ts';

/** A price as text ("12.50") or a JSON number (12.5); the output is always text with 2 decimals. */
export const priceField = z
  .union([z.string(), z.number()], { error: 'Enter the price.' })
  .transform((input, context) => {
    const reading = readMoney(input, 'price');
    if (reading.ok) return reading.value;
    context.addIssue({ code: 'custom', message: reading.message, input });
    return z.NEVER;
  });

/** A catalogue item. */
export const itemFields = z.object({
  code: requiredText('Enter the item code.', 50),
  description: requiredText('Enter the description.', 1000),
  price: priceField,
});

export const itemUpdate = saveOf(itemFields);

export type ItemFields = z.output<typeof itemFields>;
export type ItemUpdate = z.output<typeof itemUpdate>;

/** An item as the API returns it; the price is text with 2 decimals ("12.50"). */
export const itemRecord = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string(),
  price: z.string(),
  created: z.string(),
  updated: z.string(),
});

export type Item = z.infer<typeof itemRecord>;
