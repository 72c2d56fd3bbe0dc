import { z } from 'zod';
import { namedReference, recordReference } from './records.ts';
import { optionalText, requiredText } from './text-fields.ts';

/** A customer location (a site the work happens at); it belongs to one customer. */
export const locationFields = z.object({
  customer: recordReference('Choose the customer.'),
  name: requiredText('Enter the location name.', 200),
  street1: optionalText(200),
  suburb: optionalText(100),
  state: optionalText(50),
  postcode: optionalText(20),
  country: requiredText('Enter the country.', 100),
});

export type LocationFields = z.output<typeof locationFields>;

/** A location as the API returns it, with its customer's name. */
export const locationRecord = z.object({
  id: z.uuid(),
  customer: namedReference,
  name: z.string(),
  street1: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string(),
  updated: z.string(),
});

export type CustomerLocation = z.infer<typeof locationRecord>;
