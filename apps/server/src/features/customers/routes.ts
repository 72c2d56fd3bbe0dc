import { customerFields, customerRecord, customerUpdate } from '@fieldbook/domain';
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
import { createCustomer, customerList, deleteCustomer, findCustomer, updateCustomer } from './customers.ts';

const tags = ['customers'];

export function registerCustomerRoutes(api: Api, db: Db): void {
  const create = {
    operationId: 'createCustomer',
    summary: 'Create a customer',
    description: "The customer gets the organisation's next customer number. Honours `Idempotency-Key`.",
    tags,
  };
  api.post('/customers', createSchema(create, customerFields, customerRecord), (request, reply) =>
    replyCreated(db, request, reply, (tx, tenantId) => createCustomer(tx, tenantId, request.body)),
  );

  const read = { operationId: 'getCustomer', summary: 'Get a customer', tags };
  api.get('/customers/:id', readSchema(read, customerRecord), (request) =>
    inRequestTenant(db, request, (tx, tenantId) => findCustomer(tx, tenantId, request.params.id)),
  );

  const save = { operationId: 'updateCustomer', summary: 'Save a customer', tags };
  api.put('/customers/:id', updateSchema(save, customerUpdate, customerRecord), (request) => {
    samePathId(request.params.id, request.body);
    return inRequestTenant(db, request, (tx, tenantId) =>
      updateCustomer(tx, tenantId, request.params.id, request.body),
    );
  });

  const remove = {
    operationId: 'deleteCustomer',
    summary: 'Delete a customer and its locations',
    description: 'Refused with 409 while jobs or invoices refer to the customer.',
    tags,
  };
  api.delete('/customers/:id', deleteSchema(remove), async (request, reply) => {
    await inRequestTenant(db, request, (tx, tenantId) => deleteCustomer(tx, tenantId, request.params.id));
    return reply.code(204).send(null);
  });

  const list = { operationId: 'listCustomers', summary: 'List or search customers', tags };
  api.get('/customers', listSchema(list, customerRecord), (request, reply) =>
    sendList(db, request, reply, customerList),
  );
}
