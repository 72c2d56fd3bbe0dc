import { AGEING_BUCKET_NAMES, AGEING_BUCKETS, type AgedAmounts, type Receivables } from './receivables.ts';

// The aged receivables report as a CSV file: the server writes it (`GET /reports/receivables/csv`), the web names it.

/** A field as RFC 4180 writes it: in double quotes (doubled inside) when it holds a quote, a comma or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A name as a spreadsheet should read it: text. One that starts as a formula would ('=', '+', '-', '@', a tab or a
 * carriage return: CSV injection) is opened as text by a leading apostrophe.
 */
const asText = (name: string): string => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name);

const line = (name: string, amounts: AgedAmounts): string[] => [
  asText(name),
  ...AGEING_BUCKETS.map((bucket) => amounts[bucket]),
  amounts.total,
];

/**
 * The report as CSV (RFC 4180: CRLF line ends, quoted where needed): the columns' names, a row per customer, then
 * the total row. Money as the API gives it, plain decimals ("1234.50").
 */
export function receivablesCsv(report: Pick<Receivables, 'customers' | 'totals'>): string {
  const rows = [
    ['Customer', ...AGEING_BUCKETS.map((bucket) => AGEING_BUCKET_NAMES[bucket]), 'Total'],
    ...report.customers.map((owed) => line(owed.customer.name, owed)),
    line('Total', report.totals),
  ];
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** The file's name as at `asAt`: `receivables-2026-11-30.csv`. */
export const receivablesCsvName = (asAt: string): string => `receivables-${asAt}.csv`;
