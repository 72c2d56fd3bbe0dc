import { departureFields, departureRecord, idParams } from '@fieldbook/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { replyCreated } from '../../platform/http/idempotency.ts';
import { createSchema } from '../../platform/http/route-schemas.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import { addDeparture, listDepartures } from './job-departures.ts';

const tags = ['jobs'];

/** "On my way": recorded and read by whoever may see the job (a Technician on their own). */
export function registerJobDepartureRoutes(api: Api, db: Db, mail: Pick<MailWorker, 'kick'>): void {
  api.get(
    '/jobs/:id/departures',
    {
      schema: {
        operationId: 'getJobDepartures',
        summary: 'The job\'s "On my way" taps, newest first',
        description:
          "Each with the arrival window given and the email it sent, if any, with that email's outbox `status` (QUEUED until the mail server has it: with no mail server set up, it stays QUEUED).",
        tags,
        params: idParams,
        response: { 200: z.array(departureRecord), ...tenantErrors.read },
      },
    },
    (request) =>
      inRequestTenant(db, request, (tx, tenantId, member) =>
        listDepartures(tx, tenantId, request.params.id, member),
      ),
  );

  const add = createSchema(
    {
      operationId: 'addJobDeparture',
      summary: 'Say the technician is on their way to the job',
      description:
        'Records the time and an arrival window (`arrivalMinutes` from now, rounded up to 5 minutes, 30 minutes long) and, with `notify` (the default) when the customer has an email address, puts the organisation\'s "on my way" email to them in the outbox, unless the arrival window has already begun (said earlier on a phone with no signal: `takenAt`). Only for a job that is Scheduled or In progress (409 otherwise). Honours `Idempotency-Key`.',
      tags,
    },
    departureFields,
    departureRecord,
  );
  api.post(
    '/jobs/:id/departures',
    {
      schema: {
        ...add.schema,
        params: idParams,
        response: { ...add.schema.response, ...tenantErrors.update },
      },
    },
    async (request, reply) => {
      const departure = await replyCreated(db, request, reply, (tx, tenantId, member) =>
        addDeparture(tx, tenantId, request.params.id, request.body, member),
      );
      mail.kick();
      return departure;
    },
  );
}
