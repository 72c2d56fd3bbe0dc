import { dateField } from './date-fields.ts';
import { z } from './zod.ts';

// The accounting export (docs/exports.md): the files of a range of dates a bookkeeper imports into Xero, asked for
// by the Settings screen and checked by the server with the same schemas.

/** The most Xero imports from one file: invoices (sales import), statement lines (bank statement import). */
export const XERO_FILE_LIMITS = { invoices: 500, payments: 1000 } as const;

/** The longest range of dates one file covers: a year, a leap year's included. */
export const MAX_EXPORT_DAYS = 366;

/**
 * How an invoice's prices were entered. Xero's invoice import asks once for the whole file, so a file holds
 * invoices of one kind, and those of the other go in a file of their own.
 */
export const XERO_AMOUNTS = ['exclusive', 'inclusive'] as const;
export type XeroAmounts = (typeof XERO_AMOUNTS)[number];

/** The option to choose at Xero's invoice import for a file of each kind. */
export const XERO_AMOUNTS_NAMES = {
  exclusive: 'Tax Exclusive',
  inclusive: 'Tax Inclusive',
} as const satisfies Record<XeroAmounts, string>;

/** The response headers that say what a file holds (exposed to the browser). */
export const XERO_EXPORT_HEADERS = {
  /** The invoice file's kind, as Xero's import names it: `Tax Exclusive` or `Tax Inclusive`. */
  amountsAre: 'Xero-Amounts-Are',
  /** How many invoices or payments the file holds. */
  count: 'Xero-Count',
  /** How many issued invoices of the dates are of the other kind, left for the other file (`amounts`). */
  otherCount: 'Xero-Other-Count',
  /**
   * How many of the file's invoices have a line taxed at a rate other than 10 %: Xero charges GST on Income at 10 %
   * whatever the line's rate, so their totals there differ from Fieldbook's.
   */
  otherRateCount: 'Xero-Other-Rate-Count',
} as const;

export const exportMessages = {
  from: 'Enter the first date as a date, such as 2026-11-01.',
  to: 'Enter the last date as a date, such as 2026-11-30.',
  toBeforeFrom: 'The last date cannot be before the first date.',
  tooLong: `Choose at most ${MAX_EXPORT_DAYS} days: export a longer time a year at a time.`,
  amounts: `Choose the invoices' prices: ${XERO_AMOUNTS.join(' or ')} of tax.`,
  tooManyInvoices: (count: number) =>
    `These dates hold ${count.toLocaleString('en-AU')} invoices, and Xero imports at most ` +
    `${XERO_FILE_LIMITS.invoices} from one file. Choose dates closer together.`,
  tooManyPayments: `These dates hold more than ${XERO_FILE_LIMITS.payments.toLocaleString('en-AU')} payments, the most Xero imports from one statement file. Choose dates closer together.`,
} as const;

const DAY_MS = 86_400_000;

/** How many days from `from` to `to`, both counted (2026-11-01 to 2026-11-30: 30). */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const range = {
  from: dateField(exportMessages.from).describe('The first date, YYYY-MM-DD (included).'),
  to: dateField(exportMessages.to).describe(
    `The last date, YYYY-MM-DD (included): at most ${MAX_EXPORT_DAYS} days on.`,
  ),
};

/** The last date on or after the first, and at most `MAX_EXPORT_DAYS` days in all: each problem on `to`. */
function checkRange({ from, to }: { from: string; to: string }, context: z.RefinementCtx): void {
  if (to < from)
    context.addIssue({ code: 'custom', path: ['to'], message: exportMessages.toBeforeFrom, input: to });
  else if (daysInRange(from, to) > MAX_EXPORT_DAYS)
    context.addIssue({ code: 'custom', path: ['to'], message: exportMessages.tooLong, input: to });
}

/** GET /exports/xero/payments: the payments dated from `from` to `to`. */
export const xeroPaymentsQuery = z.object(range).superRefine(checkRange);

/** GET /exports/xero/invoices: the issued invoices dated from `from` to `to`, of one kind of prices. */
export const xeroInvoicesQuery = z
  .object({
    ...range,
    amounts: z
      .enum(XERO_AMOUNTS, { error: exportMessages.amounts })
      .optional()
      .describe(
        "The invoices' prices: `exclusive` or `inclusive` of tax. By default the kind most of the dates' invoices have.",
      ),
  })
  .superRefine(checkRange);

export type XeroInvoicesQuery = z.output<typeof xeroInvoicesQuery>;
export type XeroPaymentsQuery = z.output<typeof xeroPaymentsQuery>;

/**
 * The invoice file's name: `xero-invoices-2026-11-01-to-2026-11-30.csv`, with the kind of prices at the end when
 * it was asked for (`…-tax-inclusive.csv`), so the two files of a range never share a name.
 */
export const xeroInvoicesFileName = (from: string, to: string, amounts?: XeroAmounts): string =>
  `xero-invoices-${from}-to-${to}${amounts ? `-tax-${amounts}` : ''}.csv`;

/** The payment file's name: `xero-payments-2026-11-01-to-2026-11-30.csv`. */
export const xeroPaymentsFileName = (from: string, to: string): string =>
  `xero-payments-${from}-to-${to}.csv`;
