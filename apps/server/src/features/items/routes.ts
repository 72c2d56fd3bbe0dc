import { itemFields, itemRecord, itemUpdate } from '@fieldbook/domain';
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
import { createItem, deleteItem, findItem, itemList, updateItem } from './items.ts';

const tags = ['items'];

export function registerItemRoutes(api: Api, db: Db): void {
  const create = {
    operationId: 'createItem',
    summary: 'Create a catalogue item',
    description: 'Codes are unique in the organisation, whatever their case. Honours `Idempotency-Key`.',
    tags,
  };
  api.post('/items', createSchema(create, itemFields, itemRecord), (request, reply) =>
    replyCreated(db, request, reply, (tx, tenantId) => createItem(tx, tenantId, request.body)),
  );

  api.get(
    '/items/:id',
    readSchema({ operationId: 'getItem', summary: 'Get a catalogue item', tags }, itemRecord),
    (request) => inRequestTenant(db, request, (tx, tenantId) => findItem(tx, tenantId, request.params.id)),
  );

  const save = { operationId: 'updateItem', summary: 'Save a catalogue item', tags };
  api.put('/items/:id', updateSchema(save, itemUpdate, itemRecord), (request) => {
    samePathId(request.params.id, request.body);
    return inRequestTenant(db, request, (tx, tenantId) =>
      updateItem(tx, tenantId, request.params.id, request.body),
    );
  });

  const remove = {
    operationId: 'deleteItem',
    summary: 'Delete a catalogue item',
    description: 'Refused with 409 while job or invoice lines use the item.',
    tags,
  };
  api.delete('/items/:id', deleteSchema(remove), async (request, reply) => {
    await inRequestTenant(db, request, (tx, tenantId) => deleteItem(tx, tenantId, request.params.id));
    return reply.code(204).send(null);
  });

  api.get(
    '/items',
    listSchema({ operationId: 'listItems', summary: 'List or search the catalogue', tags }, itemRecord),
    (request, reply) => sendList(db, request, reply, itemList),
  );
}
