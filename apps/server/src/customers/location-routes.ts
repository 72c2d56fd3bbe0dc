import { locationFields, locationRecord, PAGE_SIZES } from '@fieldbook/domain';
import type { Db } from '../db/database.ts';
import type { Api } from '../http/api-scopes.ts';
import { replyCreated } from '../http/idempotency.ts';
import { createSchema, listSchema } from '../http/route-schemas.ts';
import { inRequestTenant } from '../http/tenant-requests.ts';
import { listRequestOf, sendPage } from '../lists/paged-list.ts';
import { createLocation, listLocations } from './locations.ts';

const tags = ['locations'];

/** Locations are created and listed here; they are deleted with their customer. */
export function registerLocationRoutes(api: Api, db: Db): void {
  const create = {
    operationId: 'createLocation',
    summary: 'Add a location to a customer',
    description: '`customer.id` names a customer of the organisation. Honours `Idempotency-Key`.',
    tags,
  };
  api.post('/locations', createSchema(create, locationFields, locationRecord), (request, reply) =>
    replyCreated(db, request, reply, (tx, tenantId) => createLocation(tx, tenantId, request.body)),
  );

  const list = {
    operationId: 'listLocations',
    summary: 'List or search locations',
    description: "`q=customer.id:{id}` lists one customer's locations.",
    tags,
  };
  api.get('/locations', listSchema(list, locationRecord), async (request, reply) => {
    const asked = listRequestOf(request.query, PAGE_SIZES.locations);
    const page = await inRequestTenant(db, request, (tx, tenantId) => listLocations(tx, tenantId, asked));
    return sendPage(request, reply, asked.page, page);
  });
}
