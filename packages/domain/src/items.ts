import { moneyField } from './money.ts';
import { saveOf } from './records.ts';
import { requiredText } from './text-fields.ts';
import { z } from './zod.ts';

/** A catalogue item. */
export const itemFields = z.object({
  code: requiredText('Enter the item code.', 50),
  description: requiredText('Enter the description.', 1000, { multiLine: true }),
  price: moneyField('price'),
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
