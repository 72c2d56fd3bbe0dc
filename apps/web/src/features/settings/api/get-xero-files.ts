import {
  XERO_AMOUNTS_NAMES,
  XERO_EXPORT_HEADERS,
  type XeroAmounts,
  xeroInvoicesFileName,
  xeroPaymentsFileName,
} from '@fieldbook/domain';
import { apiFetchFile } from '../../../lib/api-client';
import { withQuery } from '../../../lib/paths';

/** The dates a file covers, both included (ISO calendar dates). */
export interface DateRange {
  from: string;
  to: string;
}

/** A file for Xero, its name, and how many invoices or payments it holds (none: nothing to save). */
export interface XeroFile {
  file: Blob;
  name: string;
  count: number;
}

/**
 * The invoices' file: the kind of prices it holds (Xero's import asks), how many of the other kind are left, and how
 * many of its invoices Xero will tax at 10 % where a line was charged another rate.
 */
export interface XeroInvoicesFile extends XeroFile {
  amounts: XeroAmounts;
  otherCount: number;
  otherRateCount: number;
}

/** A CSV, or the API's JSON error body. */
const ACCEPT = { Accept: 'text/csv, application/json' };

const countOf = (headers: Headers, name: string) => Number(headers.get(name) ?? 0);

/**
 * GET /exports/xero/invoices: the issued invoices of the range as Xero's sales invoice import, of one kind of
 * prices (`amounts`, or the kind most of them have).
 */
export async function getXeroInvoices(range: DateRange, amounts?: XeroAmounts): Promise<XeroInvoicesFile> {
  const { file, headers } = await apiFetchFile(withQuery('/exports/xero/invoices', { ...range, amounts }), {
    headers: ACCEPT,
  });
  const named = headers.get(XERO_EXPORT_HEADERS.amountsAre);
  return {
    file,
    name: xeroInvoicesFileName(range.from, range.to, amounts),
    count: countOf(headers, XERO_EXPORT_HEADERS.count),
    amounts: amounts ?? (named === XERO_AMOUNTS_NAMES.inclusive ? 'inclusive' : 'exclusive'),
    otherCount: countOf(headers, XERO_EXPORT_HEADERS.otherCount),
    otherRateCount: countOf(headers, XERO_EXPORT_HEADERS.otherRateCount),
  };
}

/** GET /exports/xero/payments: the payments of the range as Xero's bank statement import. */
export async function getXeroPayments(range: DateRange): Promise<XeroFile> {
  const { file, headers } = await apiFetchFile(withQuery('/exports/xero/payments', { ...range }), {
    headers: ACCEPT,
  });
  return {
    file,
    name: xeroPaymentsFileName(range.from, range.to),
    count: countOf(headers, XERO_EXPORT_HEADERS.count),
  };
}
