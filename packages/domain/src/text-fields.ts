import { z } from 'zod';

const tooLong = (max: number) => `Use at most ${max} characters.`;

/** A required text field: trimmed, and blank counts as missing (the same message either way). */
export const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(max) });

/** An optional text field: trimmed; absent, null or blank all become null. */
export const optionalText = (max: number) =>
  z
    .string({ error: 'Enter text.' })
    .trim()
    .max(max, { error: tooLong(max) })
    .nullish()
    .transform((value) => (value ? value : null));

/** An optional email address, checked only when given. */
export const optionalEmail = (max = 254) =>
  optionalText(max).refine((value) => value === null || z.regexes.email.test(value), {
    error: 'Enter a valid email address, such as name@example.com.',
  });

/** The `updated` a client read; a save over a newer record is refused. */
export const updatedStamp = z.iso.datetime({
  offset: true,
  error: 'Send the updated timestamp of the record you read (ISO 8601).',
});

/** A save of an existing record: its fields, the id (optional: the path names it) and the `updated` read. */
export const saveOf = <Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) =>
  fields.extend({ id: z.uuid().optional(), updated: updatedStamp });

/** A reference to another record by id, as in `customer: { id }`. */
export const recordReference = (message: string) =>
  z.object({ id: z.uuid({ error: message }) }, { error: message });
