import { todayQuery, todayRecord } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import { readToday } from './today.ts';

export function registerTodayRoutes(api: Api, db: Db): void {
  api.get(
    '/today',
    {
      schema: {
        operationId: 'getToday',
        summary: "A technician's visits on a day",
        description:
          "The jobs assigned to the technician whose scheduled start is on that date of the organisation's calendar (in its time zone), in start order, then (today only) their jobs In progress since an earlier day; each with the customer's phone and the location's address. With none, `nextDate` is the next date with some. A Technician member gets their own day; another technician's is 404.",
        tags: ['jobs'],
        querystring: todayQuery,
        response: { 200: todayRecord, ...tenantErrors.with('VALIDATION_FAILED', 'NOT_FOUND') },
      },
    },
    (request) =>
      inRequestTenant(db, request, (tx, tenantId, member) => readToday(tx, tenantId, member, request.query)),
  );
}
