import { jobFields, jobRecord, jobUpdate, namedReference } from '@fieldbook/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { type Api, tenantCallerOf } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
import { listSchema, readSchema } from '../../platform/http/route-schemas.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import { sendList } from '../../platform/lists/read-list.ts';
import { numberedJobs } from './job-list.ts';
import { deleteJob, jobCreate, jobSave, readJob } from './jobs.ts';
import { listJobPriorities, territoryList } from './reference-data.ts';
import { ownJob } from './technician-jobs.ts';

const tags = ['jobs'];

export function registerJobRoutes(api: Api, db: Db): void {
  registerRecordRoutes(api, db, {
    path: '/jobs',
    name: 'Job',
    tags,
    record: jobRecord,
    list: {
      summary: 'List or search jobs',
      description:
        'Newest first. `q` fields: `customer.id`, `location.id`, `territory.id`, `priority.id`, `status`, `rag`, `assignee`, `reference`, `number`, and the times `due`, `scheduledStart` (`scheduledStart:*`, `scheduledStart:[2026-11-23 TO 2026-11-29]`), `scheduledFinish`, `actualStart`, `actualFinish`; bare words match the number, reference, customer name and location name.',
      list: numberedJobs,
    },
    create: {
      summary: 'Create a job',
      description:
        "The job gets the organisation's next job number and starts New. Only the customer is required; the server computes every line amount and the totals. Honours `Idempotency-Key`.",
      body: jobFields,
      command: (body) => jobCreate(db, body),
    },
    save: {
      summary: 'Save a whole job',
      description:
        'Customer, location, territory and priority are required. The status moves only as the workflow allows (409 naming both statuses); Scheduled needs a scheduled start and finish. A Technician member saves only the status and line items of their own jobs: the other fields are kept as they were.',
      body: jobUpdate,
      command: (id, body) => jobSave(db, id, body),
    },
    remove: { summary: 'Delete a job and its line items', command: deleteJob },
  });

  // A job is read with the member's scope in one round trip; a Technician sees only their own.
  const read = { operationId: 'getJob', summary: 'Get a job with its line items and totals', tags };
  api.get('/jobs/:id', readSchema(read, jobRecord), async (request) => {
    const { member, job } = await readJob(db, tenantCallerOf(request), request.params.id);
    return ownJob(member, job);
  });

  const priorities = {
    operationId: 'getJobPriorities',
    summary: "The organisation's job priorities, lowest first",
    tags,
    response: { 200: z.array(namedReference), ...tenantErrors.with() },
  };
  api.get('/job-priorities', { schema: priorities }, (request) =>
    inRequestTenant(db, request, listJobPriorities),
  );

  const regions = { operationId: 'listTerritories', summary: 'List or search territories', tags };
  api.get('/territories', listSchema(regions, namedReference), (request, reply) =>
    sendList(db, request, reply, territoryList),
  );
}
