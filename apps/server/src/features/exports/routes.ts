import {
  MAX_EXPORT_DAYS,
  XERO_EXPORT_HEADERS,
  XERO_FILE_LIMITS,
  xeroInvoicesQuery,
  xeroPaymentsQuery,
} from '@fieldbook/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { type Api, tenantCallerOf } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { type CsvFile, readXeroInvoices, readXeroPayments } from './xero-exports.ts';

const tags = ['exports'];

/** A 200 response of a CSV file (`text/csv`), not JSON, with the headers that say what it holds. */
const csvResponse = (
  description: string,
  headers: Record<string, { type: 'string'; description: string }>,
) => ({
  description,
  content: { 'text/csv': { schema: z.string() } },
  headers,
});

const countHeader = (what: string) => ({
  [XERO_EXPORT_HEADERS.count]: { type: 'string' as const, description: `How many ${what} the file holds.` },
});

const refusals =
  `A missing or malformed date, a last date before the first, more than ${MAX_EXPORT_DAYS} days, or more ` +
  'records than Xero imports from one file is a 400 naming the field.';

/** Sends the file as a download, never cached. */
const sendCsv = (reply: FastifyReply, file: CsvFile) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('cache-control', 'no-store')
    .headers(file.headers)
    .send(file.text);

/** The accounting export: files a bookkeeper imports into Xero (docs/exports.md). Owners only (`exports` area). */
export function registerExportRoutes(api: Api, db: Db): void {
  api.get(
    '/exports/xero/invoices',
    {
      schema: {
        operationId: 'getXeroInvoices',
        summary: 'Sales invoices as a Xero import file',
        description:
          'The issued invoices (Sent and Paid) dated from `from` to `to`, a row per line in the columns of ' +
          "Xero's sales invoice import, saved as `xero-invoices-{from}-to-{to}.csv`. Xero reads a whole file as tax " +
          'exclusive or as tax inclusive, so a file holds the invoices of one kind (`amounts`, by default the kind ' +
          'most of them have; the name then ends `-tax-{amounts}`); `Xero-Other-Count` says how many of the other ' +
          `kind the other file holds. At most ${XERO_FILE_LIMITS.invoices} invoices. ${refusals}`,
        tags,
        querystring: xeroInvoicesQuery,
        response: {
          200: csvResponse("The invoices in Xero's sales invoice import template.", {
            [XERO_EXPORT_HEADERS.amountsAre]: {
              type: 'string',
              description: "What to choose at Xero's import: `Tax Exclusive` or `Tax Inclusive`.",
            },
            ...countHeader('invoices'),
            [XERO_EXPORT_HEADERS.otherCount]: {
              type: 'string',
              description:
                'How many issued invoices of the dates have the other kind of prices: not in this file.',
            },
            [XERO_EXPORT_HEADERS.otherRateCount]: {
              type: 'string',
              description:
                "How many of the file's invoices have a line taxed at a rate other than 0 or 10 %: Xero charges " +
                'GST on Income at 10 %, so their totals in Xero will differ.',
            },
          }),
          ...tenantErrors.with('VALIDATION_FAILED'),
        },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await readXeroInvoices(db, tenantCallerOf(request), request.query)),
  );

  api.get(
    '/exports/xero/payments',
    {
      schema: {
        operationId: 'getXeroPayments',
        summary: 'Payments as a Xero bank statement file',
        description:
          "The payments dated from `from` to `to`, each a line of money in of Xero's bank statement import with " +
          'its invoice number as the reference, to match to the invoice; saved as `xero-payments-{from}-to-{to}.csv`. ' +
          `At most ${XERO_FILE_LIMITS.payments} payments. ${refusals}`,
        tags,
        querystring: xeroPaymentsQuery,
        response: {
          200: csvResponse("The payments in Xero's bank statement import template.", countHeader('payments')),
          ...tenantErrors.with('VALIDATION_FAILED'),
        },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await readXeroPayments(db, tenantCallerOf(request), request.query)),
  );
}
