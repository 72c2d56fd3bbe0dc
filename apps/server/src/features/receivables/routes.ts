import { receivablesQuery, receivablesRecord } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import { readReceivables } from './receivables.ts';

export function registerReceivablesRoutes(api: Api, db: Db): void {
  api.get(
    '/reports/receivables',
    {
      schema: {
        operationId: 'getReceivables',
        summary: 'Aged receivables: what each customer owes, by days past due',
        description:
          'Every Sent invoice with an amount due (its total less its payments), by customer, in the columns Current ' +
          '(not yet past due), 1–30, 31–60, 61–90 and 90+ days past its due date as at `asAt` (default today in ' +
          'the organisation’s time zone), with a total row. The customers who owe most come first.',
        tags: ['invoices'],
        querystring: receivablesQuery,
        response: { 200: receivablesRecord, ...tenantErrors.with('VALIDATION_FAILED') },
      },
    },
    (request) =>
      inRequestTenant(db, request, (tx, tenantId) => readReceivables(tx, tenantId, request.query.asAt)),
  );
}
