import { listQuery, locationFields, locationRecord, PAGE_SIZES } from '@fieldbook/domain';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { Api } from '../http/api-scopes.ts';
import { tenantErrors } from '../http/error-responses.ts';
import { idempotencyHeaders, replyCreated } from '../http/idempotency.ts';
import { inRequestTenant } from '../http/tenant-requests.ts';
import { listRequestOf, sendPage } from '../lists/paged-list.ts';
import { createLocation, listLocations } from './locations.ts';

const tags = ['locations'];

/** Locations are created and listed here; they are deleted with their customer. */
export function registerLocationRoutes(api: Api, db: Db): void {
  api.post(
    '/locations',
    {
      schema: {
        operationId: 'createLocation',
        summary: 'Add a location to a customer',
        description: '`customer.id` names a customer of the organisation. Honours `Idempotency-Key`.',
        tags,
        headers: idempotencyHeaders,
        body: locationFields,
        response: { 201: locationRecord, ...tenantErrors.create },
      },
    },
    (request, reply) =>
      replyCreated(db, request, reply, (tx, tenantId) => createLocation(tx, tenantId, request.body)),
  );

  api.get(
    '/locations',
    {
      schema: {
        operationId: 'listLocations',
        summary: 'List or search locations',
        description: "`q=customer.id:{id}` lists one customer's locations.",
        tags,
        querystring: listQuery,
        response: { 200: z.array(locationRecord), ...tenantErrors.list },
      },
    },
    async (request, reply) => {
      const list = listRequestOf(request.query, PAGE_SIZES.locations);
      const page = await inRequestTenant(db, request, (tx, tenantId) => listLocations(tx, tenantId, list));
      return sendPage(request, reply, list.page, page);
    },
  );
}
