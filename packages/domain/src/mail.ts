import { requiredEmail } from './team.ts';
import { requiredText } from './text-fields.ts';
import { z } from './zod.ts';

/**
 * An outgoing message's state in the outbox. QUEUED: stored, waiting for the mail server (with no mail server set
 * up, messages stay QUEUED and can be read in the outbox); SENDING: handed to the mail server; SENT: the mail
 * server accepted it; FAILED: refused, or still failing after every retry (`lastError` says why; an Owner can
 * queue it again); WITHDRAWN: taken back while still waiting (a revoked invitation's), never sent.
 */
export const OUTBOX_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'FAILED', 'WITHDRAWN'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_NAMES: Record<OutboxStatus, string> = {
  QUEUED: 'Waiting to send',
  SENDING: 'Sending',
  SENT: 'Sent',
  FAILED: 'Failed',
  WITHDRAWN: 'Withdrawn',
};

/** What each status of a message that did not fail says when someone tries to send it again. */
const NOT_FAILED: Record<Exclude<OutboxStatus, 'FAILED'>, string> = {
  QUEUED: 'is already waiting to send',
  SENDING: 'is being sent now',
  SENT: 'has been sent',
  WITHDRAWN: 'was withdrawn',
};

export const resendMessages = {
  /** A resend of a message that did not fail (409). */
  notFailed: (status: Exclude<OutboxStatus, 'FAILED'>) =>
    `Only a message that failed can be sent again: this one ${NOT_FAILED[status]}. Nothing was changed.`,
} as const;

export const MESSAGE_KINDS = [
  'INVITATION',
  'INVOICE',
  'PASSWORD_RESET',
  'ON_MY_WAY',
  'QUOTE',
  'QUOTE_ANSWER',
  'REMINDER',
  'STATEMENT',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const attachmentRecord = z.object({
  index: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

/** A message in the organisation's outbox, as an Owner reads it. */
export const outboxMessageRecord = z.object({
  id: z.uuid(),
  kind: z.enum(MESSAGE_KINDS),
  to: z.string(),
  subject: z.string(),
  /** The plain-text body. */
  text: z.string(),
  attachments: z.array(attachmentRecord),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  /** The mail server's reason for the latest failure. */
  lastError: z.string().nullable(),
  sent: z.string().nullable(),
  created: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageRecord>;

/** Whether the server sends mail (`SMTP_URL` set) and from which address. */
export const mailStatusRecord = z.object({ configured: z.boolean(), from: z.string() });
export type MailStatus = z.infer<typeof mailStatusRecord>;

export const invoiceEmailMessages = {
  subject: 'Enter a subject.',
  message: 'Enter a message.',
} as const;

/** What an invoice email is: the invoice itself, or a payment reminder of it once it is overdue. */
export const INVOICE_EMAIL_KINDS = ['INVOICE', 'REMINDER'] as const;
export type InvoiceEmailKind = (typeof INVOICE_EMAIL_KINDS)[number];

/**
 * Emailing an invoice: to whom, the subject and the message (the PDF is attached by the server); `kind` REMINDER
 * is a payment reminder, only of an overdue invoice.
 */
export const invoiceEmailFields = z.object({
  kind: z.enum(INVOICE_EMAIL_KINDS, { error: 'Choose INVOICE or REMINDER.' }).default('INVOICE'),
  to: requiredEmail,
  subject: requiredText(invoiceEmailMessages.subject, 200),
  message: requiredText(invoiceEmailMessages.message, 5000, { multiLine: true }),
});
export type InvoiceEmailFields = z.output<typeof invoiceEmailFields>;

/** The dialog's starting values: the customer's billing email and the organisation's default texts, filled in. */
export const invoiceEmailDraft = z.object({
  to: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
});
export type InvoiceEmailDraft = z.infer<typeof invoiceEmailDraft>;

/** Which draft to start from: the invoice email (the default) or a payment reminder. */
export const invoiceEmailDraftQuery = z.object({
  kind: z.enum(['invoice', 'reminder'], { error: 'Choose invoice or reminder.' }).default('invoice'),
});

/** A send of an invoice or of a reminder: who sent what to whom and when, and what became of the message. */
export const invoiceEmailRecord = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_EMAIL_KINDS),
  /** An automatic reminder's step: the days past the due date it was sent at; null when a member sent it. */
  reminderStep: z.number().int().nullable(),
  to: z.string(),
  subject: z.string(),
  sentBy: z.string().nullable(),
  created: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  lastError: z.string().nullable(),
  /** The outbox message (Owners can open it at settings/outbox). */
  messageId: z.uuid(),
});
export type InvoiceEmail = z.infer<typeof invoiceEmailRecord>;

/** The organisation's default invoice email; `{number}`, `{total}`, `{dueDate}`, `{customer}`, `{organisation}` are filled in. */
export const DEFAULT_INVOICE_EMAIL = {
  subject: 'Invoice {number} from {organisation}',
  message:
    'Hello {customer},\n\nPlease find attached invoice {number} for {total}, due on {dueDate}.\n\nThank you for your business.\n{organisation}',
} as const;

/**
 * The organisation's default payment reminder for an overdue invoice; `{number}`, `{total}`, `{amountDue}` (what is
 * still owing), `{dueDate}`, `{daysOverdue}`, `{customer}`, `{organisation}` are filled in.
 */
export const DEFAULT_REMINDER_EMAIL = {
  subject: 'Reminder: invoice {number} from {organisation} is overdue',
  message:
    'Hello {customer},\n\nThis is a friendly reminder that invoice {number} for {total} was due on {dueDate} and is now {daysOverdue} days overdue. The amount still owing is {amountDue}.\n\nPlease find the invoice attached. If you have already paid, thank you, and please disregard this reminder.\n{organisation}',
} as const;

/**
 * The organisation's default "on my way" email; `{technician}`, `{customer}`, `{organisation}`, `{number}` (the
 * job's), `{arrivalFrom}` and `{arrivalTo}` (times of day in the organisation's zone) are filled in.
 */
export const DEFAULT_ON_MY_WAY_EMAIL = {
  subject: '{technician} from {organisation} is on the way',
  message:
    'Hello {customer},\n\n{technician} from {organisation} is on the way to you for job {number} and expects to arrive between {arrivalFrom} and {arrivalTo}.\n\n{organisation}',
} as const;

/** A placeholder in an email's text: `{number}`. */
const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills the placeholders of a default text; an unknown placeholder stays as typed. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** The names of the placeholders in a text, in order: `['number', 'total']`. */
export const placeholdersIn = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
