import { invoiceEmailRecord } from './mail.ts';
import { quoteRecord } from './quotes.ts';
import { documentEmailFields } from './statements.ts';
import { optionalText, requiredText } from './text-fields.ts';
import { z } from './zod.ts';

// A quote emailed to the customer, and the public page where they accept or decline it (docs/quotes.md).

/** Emailing a quote: to whom, the subject and the message; the server attaches the PDF and adds the link. */
export const quoteEmailFields = documentEmailFields;
export type QuoteEmailFields = z.output<typeof quoteEmailFields>;

/** A send of a quote: who sent it to whom and when, and what became of the message (as an invoice's). */
export const quoteEmailRecord = invoiceEmailRecord.omit({ kind: true, reminderStep: true });
export type QuoteEmail = z.infer<typeof quoteEmailRecord>;

/**
 * The quote email as it starts; `{number}`, `{title}`, `{total}`, `{expiry}`, `{customer}` and `{organisation}` are
 * filled in. The link to answer online is added below the message when it is sent.
 */
export const DEFAULT_QUOTE_EMAIL = {
  subject: 'Quote {number} from {organisation}: {title}',
  message:
    'Hello {customer},\n\nPlease find attached quote {number} for {title}: {total}. It is valid until {expiry}.\n\nThank you for the opportunity.\n{organisation}',
} as const;

/** What the page says of the quote: open to an answer, answered, past its expiry, or taken back by the business. */
export const PUBLIC_QUOTE_STATES = ['OPEN', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'WITHDRAWN'] as const;
export type PublicQuoteState = (typeof PUBLIC_QUOTE_STATES)[number];

/**
 * A quote as its public page shows it to whoever holds the link: the organisation's name (and whether it has a
 * logo), the quote, and nothing else of the organisation. No ids.
 */
export const publicQuoteRecord = z.object({
  organisation: z.object({ name: z.string(), hasLogo: z.boolean() }),
  state: z.enum(PUBLIC_QUOTE_STATES),
  customer: z.string(),
  /** The site's address on one line, or null. */
  location: z.string().nullable(),
  ...quoteRecord.pick({
    number: true,
    reference: true,
    date: true,
    expiry: true,
    title: true,
    description: true,
    terms: true,
    amountsEnteredIncludeTax: true,
    options: true,
    acceptedOption: true,
    subtotal: true,
    tax: true,
    total: true,
    acceptedName: true,
    acceptedAt: true,
    declinedReason: true,
  }).shape,
  lineItems: z.array(
    z.object({
      description: z.string(),
      quantity: z.string().nullable(),
      price: z.string().nullable(),
      amount: z.string(),
      tax: z.string().nullable(),
      option: z.string().nullable(),
    }),
  ),
});
export type PublicQuote = z.infer<typeof publicQuoteRecord>;

export const quoteAnswerMessages = {
  name: 'Type your name to accept the quote.',
  terms: 'Tick the box to accept the terms.',
  option: 'Choose one of the options.',
  notFound:
    'This link is not valid. It may have been replaced by a newer email: ask the business for the quote.',
  expired: 'This quote has expired, so it can no longer be accepted. Ask the business for a new one.',
  withdrawn: 'This quote was withdrawn by the business, so it can no longer be answered.',
  withdrawnPdf:
    'This quote was withdrawn by the business, so its PDF is no longer available. Ask them for the latest one.',
  pdfFailed:
    'The PDF of this quote could not be made just now. The quote is still here to read and answer: please try again later.',
  answered: (state: 'ACCEPTED' | 'DECLINED') =>
    `This quote was already ${state === 'ACCEPTED' ? 'accepted' : 'declined'}, so it cannot be answered again.`,
} as const;

/** Accepting on the public page: the customer's name, their tick to the terms, and the option when there are several. */
export const quoteAcceptFields = z.object({
  name: requiredText(quoteAnswerMessages.name, 200),
  acceptTerms: z.literal(true, { error: quoteAnswerMessages.terms }),
  option: optionalText(60),
});
export type QuoteAcceptFields = z.output<typeof quoteAcceptFields>;

/** Declining on the public page, with a reason if they give one. */
export const quoteDeclineFields = z.object({
  reason: optionalText(1000, { multiLine: true }),
});
export type QuoteDeclineFields = z.output<typeof quoteDeclineFields>;

/** A public link's token: 32 characters of base64url (192 bits). */
export const QUOTE_TOKEN = /^[A-Za-z0-9_-]{32}$/;
