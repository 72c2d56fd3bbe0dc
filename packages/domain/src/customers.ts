import { z } from 'zod';
import { saveOf } from './records.ts';
import { optionalEmail, optionalText, requiredText } from './text-fields.ts';

/** The customer fields a user edits (spec section 3); number, created and updated are the server's. */
export const customerFields = z.object({
  name: requiredText('Enter the customer name.', 200),
  billingAddress: optionalText(500, { multiLine: true }),
  billingPhone: optionalText(50),
  billingFax: optionalText(50),
  billingEmail: optionalEmail(),
  website: optionalText(500),
  notes: optionalText(10_000, { multiLine: true }),
});

export const customerUpdate = saveOf(customerFields);

export type CustomerFields = z.output<typeof customerFields>;
export type CustomerUpdate = z.output<typeof customerUpdate>;

/** A customer as the API returns it; empty optional fields are null. */
export const customerRecord = z.object({
  id: z.uuid(),
  number: z.number().int(),
  name: z.string(),
  billingAddress: z.string().nullable(),
  billingPhone: z.string().nullable(),
  billingFax: z.string().nullable(),
  billingEmail: z.string().nullable(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});

export type Customer = z.infer<typeof customerRecord>;
