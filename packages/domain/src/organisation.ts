import { canonicalTimeZone, isTimeZone } from './calendar-dates.ts';
import { optionalPhone, optionalWebsite } from './customers.ts';
import { imageDataUrl } from './image-data.ts';
import {
  DEFAULT_INVOICE_EMAIL,
  DEFAULT_ON_MY_WAY_EMAIL,
  DEFAULT_REMINDER_EMAIL,
  placeholdersIn,
} from './mail.ts';
import { recordReference, updatedStamp } from './records.ts';
import { optionalEmail, optionalText, requiredText } from './text-fields.ts';
import { z } from './zod.ts';

export const organisationMessages = {
  abn: 'Enter the 11-digit ABN, such as 51 824 753 556.',
  abnChecksum: 'This is not a valid ABN: check the digits against the ABN Lookup.',
  bsb: 'Enter the 6-digit BSB, such as 063-000.',
  accountNumber: 'Enter the account number: 5 to 10 digits.',
  paymentTerms: 'Enter the payment terms as a whole number of days, from 0 to 365.',
  quoteValidity: 'Enter how long a quote is valid as a whole number of days, from 1 to 365.',
  logoType: 'Use a PNG or JPEG image for the logo.',
  logoSize: 'Use a logo of at most 1 MB.',
  logoUnreadable: 'This image could not be read. Save it again as a PNG or JPEG file and choose it again.',
  logoTooLarge:
    'This logo has too many pixels to print (over 50 million). Save it smaller, at most 2,000 pixels a side, and choose it again.',
  invoiceTemplate: 'Choose an invoice template of this organisation.',
  jobTemplate: 'Choose a job template of this organisation.',
  statementTemplate: 'Choose a statement template of this organisation.',
  quoteTemplate: 'Choose a quote template of this organisation.',
  invoiceEmailSubject: 'Enter the subject of the invoice email.',
  invoiceEmailMessage: 'Enter the message of the invoice email.',
  onMyWaySubject: 'Enter the subject of the "on my way" email.',
  onMyWayMessage: 'Enter the message of the "on my way" email.',
  reminderSubject: 'Enter the subject of the payment reminder.',
  reminderMessage: 'Enter the message of the payment reminder.',
  unknownPlaceholder: (name: string, known: readonly string[]) =>
    `{${name}} is not one of this email's placeholders: use ${known.map((each) => `{${each}}`).join(', ')}.`,
  reminderDay: 'Enter each reminder as a whole number of days after the due date, from 1 to 365.',
  reminderDays: 'Enter at most 5 automatic reminders.',
} as const;

/** The most automatic reminders an invoice can get: one at each of this many days past its due date. */
export const MAX_AUTOMATIC_REMINDERS = 5;

/**
 * The days after an invoice's due date at which an automatic reminder goes (1 to 365 each, at most
 * `MAX_AUTOMATIC_REMINDERS`), kept in order without repeats; empty: no automatic reminders.
 */
export const automaticReminderDaysField = z
  .array(z.number({ error: organisationMessages.reminderDay }), { error: organisationMessages.reminderDay })
  // On the list, not on a day: a form shows the days in one box.
  .superRefine((days, context) => {
    if (days.some((day) => !Number.isInteger(day) || day < 1 || day > 365))
      context.addIssue({ code: 'custom', message: organisationMessages.reminderDay });
    else if (days.length > MAX_AUTOMATIC_REMINDERS)
      context.addIssue({ code: 'custom', message: organisationMessages.reminderDays });
  })
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

/** The largest logo a form may send: 1 MB of image (its base64 data URL is a third longer). */
export const MAX_LOGO_BYTES = 1024 * 1024;

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** The ATO's ABN check: subtract 1 from the first digit, weight the digits, and the sum divides by 89. */
export function isValidAbn(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce(
    (total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * (ABN_WEIGHTS[index] ?? 0),
    0,
  );
  return sum % 89 === 0;
}

/** An ABN grouped as the ATO writes it: "51 824 753 556". */
export const formatAbn = (digits: string): string =>
  /^\d{11}$/.test(digits) ? digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4') : digits;

/** A BSB as banks write it: "063-000". */
export const formatBsb = (digits: string): string =>
  /^\d{6}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;

/** Digits typed with spaces (and, for a BSB, a hyphen) as the digits alone; null when blank. */
const digitsField = (max: number, separators: RegExp) =>
  optionalText(max).transform((value) => (value === null ? null : value.replace(separators, '')));

/** An ABN as typed ("51 824 753 556", "51-824-753-556"), stored as its 11 digits and checked with the ABN checksum. */
export const abnField = digitsField(20, /[\s-]/g).superRefine((value, context) => {
  if (value === null) return;
  if (!/^\d{11}$/.test(value)) context.addIssue({ code: 'custom', message: organisationMessages.abn });
  else if (!isValidAbn(value))
    context.addIssue({ code: 'custom', message: organisationMessages.abnChecksum });
});

const bsbField = digitsField(10, /[\s-]/g).refine((value) => value === null || /^\d{6}$/.test(value), {
  error: organisationMessages.bsb,
});

const accountNumberField = digitsField(20, /[\s-]/g).refine(
  (value) => value === null || /^\d{5,10}$/.test(value),
  { error: organisationMessages.accountNumber },
);

/** A logo as a data URL of a PNG or JPEG of at most 1 MB ("data:image/png;base64,…"), or null for none. */
export const logoField = imageDataUrl(['image/png', 'image/jpeg'], MAX_LOGO_BYTES, {
  type: organisationMessages.logoType,
  size: organisationMessages.logoSize,
});

export const timeZoneMessage = 'Choose a time zone from the list, such as Australia/Perth.';

/** An IANA time zone's name, as the organisation's details carry it (its canonical spelling). */
export const timeZoneField = z
  .string({ error: timeZoneMessage })
  .refine(isTimeZone, { error: timeZoneMessage })
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

/** What the invoice email and a payment reminder fill in (`invoicePlaceholders` on the server). */
export const INVOICE_EMAIL_PLACEHOLDERS = [
  'number',
  'total',
  'amountDue',
  'dueDate',
  'daysOverdue',
  'customer',
  'organisation',
] as const;
/** What the "on my way" email fills in. */
export const ON_MY_WAY_PLACEHOLDERS = [
  'technician',
  'customer',
  'number',
  'arrivalFrom',
  'arrivalTo',
  'organisation',
] as const;

/**
 * An email's text whose `{placeholders}` must be ones it fills (`fillPlaceholders` leaves another as typed, so a
 * slip such as `{nmber}` would reach the customer): the first that is not is the field's error.
 */
const emailText = (message: string, max: number, known: readonly string[], multiLine = false) =>
  requiredText(message, max, { multiLine }).superRefine((text, context) => {
    const unknown = placeholdersIn(text).find((name) => !known.includes(name));
    if (unknown !== undefined)
      context.addIssue({ code: 'custom', message: organisationMessages.unknownPlaceholder(unknown, known) });
  });

/** The organisation's details, entered once and shown on its documents. */
export const organisationFields = z.object({
  /** The organisation's name everywhere it is shown (the tenant's name). */
  name: requiredText('Enter the organisation name.', 200),
  legalName: optionalText(200),
  abn: abnField,
  gstRegistered: z.boolean({ error: 'Say whether the organisation is registered for GST.' }).default(true),
  address: optionalText(500, { multiLine: true }),
  phone: optionalPhone(),
  email: optionalEmail(),
  website: optionalWebsite(),
  paymentAccountName: optionalText(100),
  paymentBsb: bsbField,
  paymentAccountNumber: accountNumberField,
  /** Free text such as a PayID or BPAY details. */
  paymentText: optionalText(500, { multiLine: true }),
  /** A new invoice is due this many days after its date. */
  paymentTermsDays: z
    .number({ error: organisationMessages.paymentTerms })
    .int({ error: organisationMessages.paymentTerms })
    .min(0, { error: organisationMessages.paymentTerms })
    .max(365, { error: organisationMessages.paymentTerms })
    .default(0),
  /** A new quote expires this many days after its date. Left out of a save, the saved one stays. */
  quoteValidityDays: z
    .number({ error: organisationMessages.quoteValidity })
    .int({ error: organisationMessages.quoteValidity })
    .min(1, { error: organisationMessages.quoteValidity })
    .max(365, { error: organisationMessages.quoteValidity })
    .optional(),
  /** The terms a new quote starts with (none: blank). Left out of a save, the saved ones stay. */
  quoteTerms: optionalText(4000, { multiLine: true }).optional(),
  logo: logoField,
  /**
   * Where the organisation works (an IANA zone, "Australia/Perth"): every time the product shows, and every
   * "today", is in it. Left out of a save, the saved one stays.
   */
  timeZone: timeZoneField.optional(),
  /** The template each document uses unless one is named. */
  invoiceTemplate: recordReference(organisationMessages.invoiceTemplate),
  jobTemplate: recordReference(organisationMessages.jobTemplate),
  /** Left out of a save, the saved one stays. */
  statementTemplate: recordReference(organisationMessages.statementTemplate).optional(),
  /** Left out of a save, the saved one stays. */
  quoteTemplate: recordReference(organisationMessages.quoteTemplate).optional(),
  /** The invoice email's starting subject and message (placeholders: `fillPlaceholders`). */
  invoiceEmailSubject: emailText(
    organisationMessages.invoiceEmailSubject,
    200,
    INVOICE_EMAIL_PLACEHOLDERS,
  ).default(DEFAULT_INVOICE_EMAIL.subject),
  invoiceEmailMessage: emailText(
    organisationMessages.invoiceEmailMessage,
    5000,
    INVOICE_EMAIL_PLACEHOLDERS,
    true,
  ).default(DEFAULT_INVOICE_EMAIL.message),
  /** The email a technician's "On my way" sends the customer (placeholders: `DEFAULT_ON_MY_WAY_EMAIL`). */
  onMyWaySubject: emailText(organisationMessages.onMyWaySubject, 200, ON_MY_WAY_PLACEHOLDERS).default(
    DEFAULT_ON_MY_WAY_EMAIL.subject,
  ),
  onMyWayMessage: emailText(organisationMessages.onMyWayMessage, 5000, ON_MY_WAY_PLACEHOLDERS, true).default(
    DEFAULT_ON_MY_WAY_EMAIL.message,
  ),
  /** The payment reminder of an overdue invoice (placeholders: `DEFAULT_REMINDER_EMAIL`). */
  reminderSubject: emailText(organisationMessages.reminderSubject, 200, INVOICE_EMAIL_PLACEHOLDERS).default(
    DEFAULT_REMINDER_EMAIL.subject,
  ),
  reminderMessage: emailText(
    organisationMessages.reminderMessage,
    5000,
    INVOICE_EMAIL_PLACEHOLDERS,
    true,
  ).default(DEFAULT_REMINDER_EMAIL.message),
  /** Days after the due date at which a reminder goes by itself to the customer's billing email; empty: never. */
  automaticReminderDays: automaticReminderDaysField.default([]),
});

/** A save of the details carries the `updated` it read: a save over someone else's is refused (409). */
export const organisationUpdate = organisationFields.extend({ updated: updatedStamp });

export type OrganisationFields = z.output<typeof organisationFields>;
export type OrganisationUpdate = z.output<typeof organisationUpdate>;

const templateReference = z.object({ id: z.uuid(), name: z.string() });

/** The organisation's details as the API returns them: ABN, BSB and account number as digits. */
export const organisationRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  legalName: z.string().nullable(),
  abn: z.string().nullable(),
  gstRegistered: z.boolean(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  paymentAccountName: z.string().nullable(),
  paymentBsb: z.string().nullable(),
  paymentAccountNumber: z.string().nullable(),
  paymentText: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  quoteValidityDays: z.number().int(),
  quoteTerms: z.string().nullable(),
  logo: z.string().nullable(),
  timeZone: z.string(),
  invoiceTemplate: templateReference,
  jobTemplate: templateReference,
  /** Null only for an organisation the server has not yet given its statement template (at start-up). */
  statementTemplate: templateReference.nullable(),
  /** Null only for an organisation the server has not yet given its quote template (at start-up). */
  quoteTemplate: templateReference.nullable(),
  invoiceEmailSubject: z.string(),
  invoiceEmailMessage: z.string(),
  onMyWaySubject: z.string(),
  onMyWayMessage: z.string(),
  reminderSubject: z.string(),
  reminderMessage: z.string(),
  automaticReminderDays: z.array(z.number().int()),
  created: z.string(),
  updated: z.string(),
});

export type Organisation = z.infer<typeof organisationRecord>;

/** A new quote's default expiry, days after its date (`organisationFields.quoteValidityDays`). */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;

/** The due date of a new invoice: its date plus the organisation's payment terms (0: the same day). */
export function dueDateFor(date: string, paymentTermsDays: number): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) return date;
  return new Date(time + paymentTermsDays * 86_400_000).toISOString().slice(0, 10);
}
