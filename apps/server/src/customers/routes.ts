import {
  customerFields,
  customerRecord,
  customerUpdate,
  idParams,
  listQuery,
  PAGE_SIZES,
} from '@fieldbook/domain';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { Api } from '../http/api-scopes.ts';
import { tenantErrors } from '../http/error-responses.ts';
import { idempotencyHeaders, replyCreated } from '../http/idempotency.ts';
import { inRequestTenant, samePathId } from '../http/tenant-requests.ts';
import { listRequestOf, sendPage } from '../lists/paged-list.ts';
import { createCustomer, deleteCustomer, findCustomer, listCustomers, updateCustomer } from './customers.ts';

const tags = ['customers'];

export function registerCustomerRoutes(api: Api, db: Db): void {
  api.post(
    '/customers',
    {
      schema: {
        operationId: 'createCustomer',
        summary: 'Create a customer',
        description: "The customer gets the organisation's next customer number. Honours `Idempotency-Key`.",
        tags,
        headers: idempotencyHeaders,
        body: customerFields,
        response: { 201: customerRecord, ...tenantErrors.create },
      },
    },
    (request, reply) =>
      replyCreated(db, request, reply, (tx, tenantId) => createCustomer(tx, tenantId, request.body)),
  );

  api.get(
    '/customers/:id',
    {
      schema: {
        operationId: 'getCustomer',
        summary: 'Get a customer',
        tags,
        params: idParams,
        response: { 200: customerRecord, ...tenantErrors.read },
      },
    },
    (request) =>
      inRequestTenant(db, request, (tx, tenantId) => findCustomer(tx, tenantId, request.params.id)),
  );

  api.put(
    '/customers/:id',
    {
      schema: {
        operationId: 'updateCustomer',
        summary: 'Save a customer',
        description: 'Send the `updated` you read: a save over a newer version is refused with 409.',
        tags,
        params: idParams,
        body: customerUpdate,
        response: { 200: customerRecord, ...tenantErrors.update },
      },
    },
    (request) => {
      samePathId(request.params.id, request.body);
      return inRequestTenant(db, request, (tx, tenantId) =>
        updateCustomer(tx, tenantId, request.params.id, request.body),
      );
    },
  );

  api.delete(
    '/customers/:id',
    {
      schema: {
        operationId: 'deleteCustomer',
        summary: 'Delete a customer and its locations',
        description: 'Refused with 409 while jobs or invoices refer to the customer.',
        tags,
        params: idParams,
        response: { 204: z.null().describe('Deleted.'), ...tenantErrors.remove },
      },
    },
    async (request, reply) => {
      await inRequestTenant(db, request, (tx, tenantId) => deleteCustomer(tx, tenantId, request.params.id));
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/customers',
    {
      schema: {
        operationId: 'listCustomers',
        summary: 'List or search customers',
        tags,
        querystring: listQuery,
        response: { 200: z.array(customerRecord), ...tenantErrors.list },
      },
    },
    async (request, reply) => {
      const list = listRequestOf(request.query, PAGE_SIZES.customers);
      const page = await inRequestTenant(db, request, (tx, tenantId) => listCustomers(tx, tenantId, list));
      return sendPage(request, reply, list.page, page);
    },
  );
}
