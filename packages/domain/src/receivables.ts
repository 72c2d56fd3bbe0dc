import { dateField } from './date-fields.ts';
import { listQuery } from './lists.ts';
import { z } from './zod.ts';

// Aged receivables: what each customer owes on Sent invoices, by how long past due, as at a date.

/** The report's columns of money, in order: not yet due, then days past due. */
export const AGEING_BUCKETS = ['current', 'days1To30', 'days31To60', 'days61To90', 'days90Plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** What the report calls each column. */
export const AGEING_BUCKET_NAMES: Record<AgeingBucket, string> = {
  current: 'Current',
  days1To30: '1–30 days',
  days31To60: '31–60 days',
  days61To90: '61–90 days',
  days90Plus: '90+ days',
};

/**
 * The due dates of a column's invoices as at `asAt` (a date): `from` and `to` inclusive, either open. Current is due
 * on or after the day; 1–30 days past due is due 1 to 30 days before it; and so on.
 */
export function bucketDueDates(
  bucket: AgeingBucket,
  asAt: string,
): { from: string | null; to: string | null } {
  const day = (days: number) =>
    new Date(Date.parse(`${asAt}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  switch (bucket) {
    case 'current':
      return { from: asAt, to: null };
    case 'days1To30':
      return { from: day(30), to: day(1) };
    case 'days31To60':
      return { from: day(60), to: day(31) };
    case 'days61To90':
      return { from: day(90), to: day(61) };
    case 'days90Plus':
      return { from: null, to: day(91) };
  }
}

/** The customers a page of the report holds when `s` is not given. */
export const RECEIVABLES_PAGE_SIZE = 100;

/** The CSV's query: the date. */
export const receivablesCsvQuery = z.object({
  asAt: dateField('Enter the date as at which to age the invoices, such as 2026-11-30.')
    .optional()
    .describe("Age the invoices as at this date (default: today in the organisation's time zone)."),
});

/** The report's query: the date, and the page of customers (`p`, `s`), read as every list's are. */
export const receivablesQuery = receivablesCsvQuery.extend(listQuery.pick({ p: true, s: true }).shape);

const agedAmounts = z.object({
  current: z.string(),
  days1To30: z.string(),
  days31To60: z.string(),
  days61To90: z.string(),
  days90Plus: z.string(),
  total: z.string(),
  /** How many Sent invoices with an amount due, and how many of them past due. */
  invoices: z.number().int(),
  overdueInvoices: z.number().int(),
});

export const receivablesRecord = z.object({
  asAt: z.string(),
  /** One page of the customers who owe something, the most owed first. */
  customers: z.array(agedAmounts.extend({ customer: z.object({ id: z.uuid(), name: z.string() }) })),
  /** How many customers owe something in all (`Total-Count`): the pages' customers. */
  customerCount: z.number().int(),
  /** Every customer's amounts added up, whatever the page. */
  totals: agedAmounts,
});

export type AgedAmounts = z.infer<typeof agedAmounts>;
export type Receivables = z.infer<typeof receivablesRecord>;
