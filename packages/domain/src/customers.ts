import { saveOf } from './records.ts';
import { optionalEmail, optionalText, requiredText } from './text-fields.ts';
import { z } from './zod.ts';

export const customerMessages = {
  phone: 'Enter a phone number: digits, spaces, +, - and brackets, such as (02) 9876 5432.',
  website: 'Enter a web address, such as example.com.au or https://example.com.au.',
} as const;

/** Digits, spaces, +, parentheses, hyphens and dots, with at least 6 digits: '(02) 9876 5432', '+61 491 570 156'. */
export const optionalPhone = () =>
  optionalText(50).refine(
    (value) => value === null || (/^[\d\s+().-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6),
    { error: customerMessages.phone },
  );

/** A scheme other than http(s) ('javascript:', 'mailto:'); in 'example.com:8080' a port follows the host. */
const OTHER_SCHEME = /^(?!https?:)[a-z][a-z\d+.-]*:(?!\d)/i;
/** A host name with a dot: labels of letters, digits and hyphens (a Unicode name is in its xn-- form here). */
const HOST = /^(?=.{1,253}$)(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+(?:[a-z]{2,}|xn--[a-z\d-]+)$/i;

/** 'example.com.au' → 'https://example.com.au'; a web address as typed when it names http(s) already. */
function websiteUrl(value: string): string {
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

function isWebsite(value: string): boolean {
  if (/\s/.test(value) || OTHER_SCHEME.test(value)) return false;
  try {
    return HOST.test(new URL(websiteUrl(value)).hostname);
  } catch {
    return false;
  }
}

/** A website: `example.com.au` or `https://…`, stored with its scheme (https:// when none was typed). */
export const optionalWebsite = () =>
  optionalText(500)
    .refine((value) => value === null || isWebsite(value), { error: customerMessages.website })
    .transform((value) => (value === null ? null : websiteUrl(value)));

/** The customer fields a user edits (spec section 3); number, created and updated are the server's. */
export const customerFields = z.object({
  name: requiredText('Enter the customer name.', 200),
  billingAddress: optionalText(500, { multiLine: true }),
  billingPhone: optionalPhone(),
  billingFax: optionalPhone(),
  billingEmail: optionalEmail(),
  website: optionalWebsite(),
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
