import { locationFields, locationRecord, locationUpdate } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { replyCreated } from '../../platform/http/idempotency.ts';
import {
  createSchema,
  deleteSchema,
  listSchema,
  readSchema,
  updateSchema,
} from '../../platform/http/route-schemas.ts';
import { inRequestTenant, samePathId } from '../../platform/http/tenant-requests.ts';
import { sendList } from '../../platform/lists/read-list.ts';
import { createLocation, deleteLocation, findLocation, locationList, updateLocation } from './locations.ts';

const tags = ['locations'];

/** A customer's locations; deleting the customer deletes them too. */
export function registerLocationRoutes(api: Api, db: Db): void {
  const create = {
    operationId: 'createLocation',
    summary: 'Add a location to a customer',
    description:
      '`customer.id` names a customer of the organisation. An Australian address (country `Australia` or ' +
      '`AU`) has one of the eight states and a four-digit postcode of that state. Honours `Idempotency-Key`.',
    tags,
  };
  api.post('/locations', createSchema(create, locationFields, locationRecord), (request, reply) =>
    replyCreated(db, request, reply, (tx, tenantId) => createLocation(tx, tenantId, request.body)),
  );

  const read = { operationId: 'getLocation', summary: 'Get a location', tags };
  api.get('/locations/:id', readSchema(read, locationRecord), (request) =>
    inRequestTenant(db, request, (tx, tenantId) => findLocation(tx, tenantId, request.params.id)),
  );

  const save = {
    operationId: 'updateLocation',
    summary: 'Save a location',
    description: 'The location stays with its customer: a `customer` in the body is ignored.',
    tags,
  };
  api.put('/locations/:id', updateSchema(save, locationUpdate, locationRecord), (request) => {
    samePathId(request.params.id, request.body);
    return inRequestTenant(db, request, (tx, tenantId) =>
      updateLocation(tx, tenantId, request.params.id, request.body),
    );
  });

  const remove = { operationId: 'deleteLocation', summary: 'Delete a location', tags };
  api.delete('/locations/:id', deleteSchema(remove), async (request, reply) => {
    await inRequestTenant(db, request, (tx, tenantId) => deleteLocation(tx, tenantId, request.params.id));
    return reply.code(204).send(null);
  });

  const list = {
    operationId: 'listLocations',
    summary: 'List or search locations',
    description: "`q=customer.id:{id}` lists one customer's locations.",
    tags,
  };
  api.get('/locations', listSchema(list, locationRecord), (request, reply) =>
    sendList(db, request, reply, locationList),
  );
}
