import { idParams, itemFields, itemRecord, itemUpdate, listQuery, PAGE_SIZES } from '@fieldbook/domain';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { Api } from '../http/api-scopes.ts';
import { tenantErrors } from '../http/error-responses.ts';
import { idempotencyHeaders, replyCreated } from '../http/idempotency.ts';
import { inRequestTenant, samePathId } from '../http/tenant-requests.ts';
import { listRequestOf, sendPage } from '../lists/paged-list.ts';
import { createItem, deleteItem, findItem, listItems, updateItem } from './items.ts';

const tags = ['items'];

export function registerItemRoutes(api: Api, db: Db): void {
  api.post(
    '/items',
    {
      schema: {
        operationId: 'createItem',
        summary: 'Create a catalogue item',
        description: 'Codes are unique in the organisation, whatever their case. Honours `Idempotency-Key`.',
        tags,
        headers: idempotencyHeaders,
        body: itemFields,
        response: { 201: itemRecord, ...tenantErrors.create },
      },
    },
    (request, reply) =>
      replyCreated(db, request, reply, (tx, tenantId) => createItem(tx, tenantId, request.body)),
  );

  api.get(
    '/items/:id',
    {
      schema: {
        operationId: 'getItem',
        summary: 'Get a catalogue item',
        tags,
        params: idParams,
        response: { 200: itemRecord, ...tenantErrors.read },
      },
    },
    (request) => inRequestTenant(db, request, (tx, tenantId) => findItem(tx, tenantId, request.params.id)),
  );

  api.put(
    '/items/:id',
    {
      schema: {
        operationId: 'updateItem',
        summary: 'Save a catalogue item',
        description: 'Send the `updated` you read: a save over a newer version is refused with 409.',
        tags,
        params: idParams,
        body: itemUpdate,
        response: { 200: itemRecord, ...tenantErrors.update },
      },
    },
    (request) => {
      samePathId(request.params.id, request.body);
      return inRequestTenant(db, request, (tx, tenantId) =>
        updateItem(tx, tenantId, request.params.id, request.body),
      );
    },
  );

  api.delete(
    '/items/:id',
    {
      schema: {
        operationId: 'deleteItem',
        summary: 'Delete a catalogue item',
        description: 'Refused with 409 while job or invoice lines use the item.',
        tags,
        params: idParams,
        response: { 204: z.null().describe('Deleted.'), ...tenantErrors.remove },
      },
    },
    async (request, reply) => {
      await inRequestTenant(db, request, (tx, tenantId) => deleteItem(tx, tenantId, request.params.id));
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/items',
    {
      schema: {
        operationId: 'listItems',
        summary: 'List or search the catalogue',
        tags,
        querystring: listQuery,
        response: { 200: z.array(itemRecord), ...tenantErrors.list },
      },
    },
    async (request, reply) => {
      const list = listRequestOf(request.query, PAGE_SIZES.items);
      const page = await inRequestTenant(db, request, (tx, tenantId) => listItems(tx, tenantId, list));
      return sendPage(request, reply, list.page, page);
    },
  );
}
