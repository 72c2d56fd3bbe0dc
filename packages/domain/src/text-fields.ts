import { z } from './zod.ts';

const tooLong = (max: number) => `Use at most ${max} characters.`;
const NOT_TEXT = 'Remove the characters that are not text (such as a control character or a broken emoji).';

/** C0 and C1 control characters; a multi-line field keeps tab and line breaks. */
const CONTROL_SINGLE_LINE = /\p{Cc}/u;
const CONTROL_MULTI_LINE = /(?![\t\n\r])\p{Cc}/u;
/** White space and invisible format characters (zero-width space, BOM, …) at either end. */
const INVISIBLE_EDGES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;

export interface TextOptions {
  /** Notes and addresses: line breaks and tabs are kept. */
  multiLine?: boolean;
}

/**
 * Text as a person typed it: well-formed Unicode (no lone surrogate, which would be stored as U+FFFD), no
 * control characters (NUL cannot be stored at all), and trimmed of white space and invisible characters, so
 * a name of zero-width spaces counts as blank.
 */
const cleanText = (message: string, { multiLine = false }: TextOptions) =>
  z
    .string({ error: message })
    .refine((value) => value.isWellFormed(), { error: NOT_TEXT })
    .refine((value) => !(multiLine ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value), {
      error: NOT_TEXT,
    })
    .transform((value) => value.replace(INVISIBLE_EDGES, ''));

/** A required text field: cleaned and trimmed, and blank counts as missing (the same message either way). */
export const requiredText = (message: string, max: number, options: TextOptions = {}) =>
  cleanText(message, options).pipe(
    z
      .string()
      .min(1, { error: message })
      .max(max, { error: tooLong(max) }),
  );

/** An optional text field: cleaned and trimmed; absent, null or blank all become null. */
export const optionalText = (max: number, options: TextOptions = {}) =>
  cleanText('Enter text.', options)
    .pipe(z.string().max(max, { error: tooLong(max) }))
    .nullish()
    .transform((value) => (value ? value : null));

/** An email address: unquoted local-part characters (RFC 5322's atext) in dot-separated words, then a domain. */
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * Whether `value` is an email address as people have them: a local part of letters, digits and the characters an
 * address may hold unquoted (`o'brien&co+jobs`), in dot-separated words; a domain with a dot and a top-level name
 * of letters. zod's own check refuses `&`, `!`, `=` and the like, which real addresses hold.
 */
export const isEmailAddress = (value: string): boolean => EMAIL.test(value);

/** An optional email address, checked only when given. */
export const optionalEmail = (max = 254) =>
  optionalText(max).refine((value) => value === null || isEmailAddress(value), {
    error: 'Enter a valid email address, such as name@example.com.',
  });
