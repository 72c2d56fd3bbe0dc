import {
  RECEIVABLES_PAGE_SIZE,
  receivablesCsv,
  receivablesCsvName,
  receivablesCsvQuery,
  receivablesQuery,
  receivablesRecord,
} from '@fieldbook/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import { sendPage } from '../../platform/lists/paged-list.ts';
import { parsePage } from '../../platform/lists/pagination.ts';
import { readReceivables } from './receivables.ts';

const tags = ['invoices'];

const columns =
  'Every Sent invoice with an amount due (its total less its payments), by customer, in the columns Current ' +
  '(not yet past due), 1–30, 31–60, 61–90 and 90+ days past its due date as at `asAt` (default today in the ' +
  'organisation’s time zone)';

export function registerReceivablesRoutes(api: Api, db: Db): void {
  api.get(
    '/reports/receivables',
    {
      schema: {
        operationId: 'getReceivables',
        summary: 'Aged receivables: what each customer owes, by days past due',
        description:
          `${columns}. The customers who owe most come first (then by name), a page of them at a time (\`p\`, ` +
          `\`s\`: ${RECEIVABLES_PAGE_SIZE} by default), with \`Total-Count\` and \`Link\` as every list has; ` +
          '`customerCount` and the `totals` row are of every customer who owes, whatever the page.',
        tags,
        querystring: receivablesQuery,
        response: {
          200: {
            description: 'A page of the customers who owe, and the totals of them all.',
            content: { 'application/json': { schema: receivablesRecord } },
            headers: {
              'Total-Count': {
                type: 'string',
                description: 'How many customers owe something in all (a whole number): `customerCount`.',
              },
              Link: {
                type: 'string',
                description:
                  'RFC 8288 links to the first, prev, next and last pages: `<url>; rel="next", …`.',
              },
            },
          },
          ...tenantErrors.with('VALIDATION_FAILED'),
        },
      },
    },
    async (request, reply) => {
      const page = parsePage(request.query, { size: RECEIVABLES_PAGE_SIZE });
      const report = await inRequestTenant(db, request, (tx, tenantId) =>
        readReceivables(tx, tenantId, { asAt: request.query.asAt, page }),
      );
      // The headers of a list's page; the body is the report, its page of customers with the totals.
      sendPage(request, reply, page, { rows: report.customers, total: report.customerCount });
      return report;
    },
  );

  api.get(
    '/reports/receivables/csv',
    {
      schema: {
        operationId: 'getReceivablesCsv',
        summary: 'Aged receivables as a CSV file',
        description:
          `${columns}: every customer who owes, the most owed first, then the totals, saved as ` +
          '`receivables-{asAt}.csv`. UTF-8 with a byte order mark (so Excel reads it as such), CRLF line ends; ' +
          'money as plain decimals.',
        tags,
        querystring: receivablesCsvQuery,
        response: {
          200: {
            description: 'The report: a row per customer, then the total row.',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...tenantErrors.with('VALIDATION_FAILED'),
        },
      },
    },
    async (request, reply) => {
      const report = await inRequestTenant(db, request, (tx, tenantId) =>
        readReceivables(tx, tenantId, { asAt: request.query.asAt }),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${receivablesCsvName(report.asAt)}"`)
        .header('cache-control', 'no-store')
        .send(`\uFEFF${receivablesCsv(report)}`);
    },
  );
}
