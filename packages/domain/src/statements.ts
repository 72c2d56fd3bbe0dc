import { dateField } from './date-fields.ts';
import { invoiceEmailFields } from './mail.ts';
import { z } from './zod.ts';

// A customer's statement: their open invoices and what they owe, by age, as at a date (docs/documents.md).

const asAtField = dateField('Enter the date of the statement, such as 2026-11-30.')
  .optional()
  .describe(
    "The statement's date, as at which its invoices are aged (default: today in the organisation's time zone).",
  );

export const statementQuery = z.object({ asAt: asAtField });

/** The name a statement's PDF is saved and emailed under. */
export const statementFileName = (customerNumber: number, asAt: string) =>
  `statement-${customerNumber}-${asAt}.pdf`;

/** An email with a document attached: to whom, the subject and the message (the server attaches the PDF). */
export const documentEmailFields = invoiceEmailFields.pick({ to: true, subject: true, message: true });
export type DocumentEmailFields = z.output<typeof documentEmailFields>;

/** Emailing a statement: the email, and the date it is as at. */
export const statementEmailFields = documentEmailFields.extend({ asAt: asAtField });
export type StatementEmailFields = z.output<typeof statementEmailFields>;

/** A statement emailed: the outbox message that holds it, to whom, and the PDF's name. */
export const statementEmailRecord = z.object({
  messageId: z.uuid(),
  to: z.string(),
  subject: z.string(),
  asAt: z.string(),
  filename: z.string(),
});
export type StatementEmail = z.infer<typeof statementEmailRecord>;

/** The statement email as it starts; `{customer}`, `{organisation}`, `{asAt}` and `{total}` (owed) are filled in. */
export const DEFAULT_STATEMENT_EMAIL = {
  subject: 'Statement from {organisation} as at {asAt}',
  message:
    'Hello {customer},\n\nPlease find attached your statement as at {asAt}. The total owing is {total}.\n\nThank you for your business.\n{organisation}',
} as const;
