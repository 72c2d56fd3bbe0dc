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
