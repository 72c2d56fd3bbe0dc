import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Authentication } from '../auth/authenticate.ts';
import type { Db, Tx } from '../db/database.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { validationFailed } from '../http/errors.ts';
import { createOnce, idempotencyKeyOf, sendCreated } from '../http/idempotency.ts';
import { listHeaders, parsePage } from '../lists/pagination.ts';
import type { ListPage, ListRequest } from './record-store.ts';

/** The API's error shape, for the OpenAPI document. */
const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  fieldErrors: z.array(z.object({ field: z.string(), message: z.string() })),
});

const idParams = z.object({ id: z.string().describe('The record id (a UUID).') });

const listQuery = z.object({
  q: z.string().optional().describe('Search: words, term*, field:value, AND/OR/NOT; * or empty for all.'),
  p: z.string().optional().describe('Page, from 1.'),
  s: z.string().optional().describe('Page size.'),
});

/** A save names the `updated` it read; an `id` in the body, when sent, must be the one in the path. */
type Save = { id?: string | undefined; updated: string };

/** The endpoints of one kind of record; each one present is registered. */
export interface RecordEndpoints<Fields extends z.ZodType, Update extends z.ZodType<Save>, Out> {
  /** The collection path, e.g. `/api/customers`; a record lives at `{path}/{id}`. */
  path: string;
  tag: string;
  /** The record as responses carry it (and list items). */
  record: z.ZodType<Out>;
  /** The default page size of the list. */
  pageSize: number;
  create?: { body: Fields; run(tx: Tx, tenantId: string, input: z.output<Fields>): Promise<Out> };
  read?(tx: Tx, tenantId: string, id: string): Promise<Out>;
  update?: { body: Update; run(tx: Tx, tenantId: string, id: string, input: z.output<Update>): Promise<Out> };
  remove?(tx: Tx, tenantId: string, id: string): Promise<void>;
  list?(tx: Tx, tenantId: string, request: ListRequest): Promise<ListPage<Out>>;
}

/** The request's own URL, so the Link header points wherever the client reached the API. */
const requestUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}${request.url}`;

/**
 * Registers the standard endpoints of a kind of record: create (with Idempotency-Key), read, save,
 * delete and list. Every one checks the caller's tenant first and works in one tenant transaction.
 */
export function registerRecordRoutes<Fields extends z.ZodType, Update extends z.ZodType<Save>, Out>(
  app: FastifyInstance,
  db: Db,
  auth: Authentication,
  endpoints: RecordEndpoints<Fields, Update, Out>,
): void {
  const { path, record, create, read, update, remove, list } = endpoints;
  const tags = [endpoints.tag];
  // Authentication comes before body validation: an anonymous caller learns nothing about the payload.
  const onRequest = async (request: FastifyRequest) => {
    await auth.requireTenant(request);
  };
  const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

  if (create) {
    app.post(
      path,
      { onRequest, schema: { tags, body: create.body, response: { 201: record, ...failures } } },
      async (request, reply) => {
        const { tenantId, subject } = await auth.requireTenant(request);
        const key = idempotencyKeyOf(request);
        // Generic schemas defeat the zod type provider's inference; the route's schema has validated and
        // transformed the body into exactly this before the handler runs.
        const input = request.body as z.output<Fields>;
        const scope = { tenantId, subject, key, route: `POST ${path}`, payload: input };
        const result = await inTenant(db, tenantId, (tx) =>
          createOnce(tx, scope, async () => ({ status: 201, body: await create.run(tx, tenantId, input) })),
        );
        return sendCreated(reply, result);
      },
    );
  }

  if (read) {
    app.get<{ Params: z.output<typeof idParams> }>(
      `${path}/:id`,
      { onRequest, schema: { tags, params: idParams, response: { 200: record, ...failures } } },
      async (request) => {
        const { tenantId } = await auth.requireTenant(request);
        return inTenant(db, tenantId, (tx) => read(tx, tenantId, request.params.id));
      },
    );
  }

  if (update) {
    app.put<{ Params: z.output<typeof idParams> }>(
      `${path}/:id`,
      {
        onRequest,
        schema: { tags, params: idParams, body: update.body, response: { 200: record, ...failures } },
      },
      async (request) => {
        const { tenantId } = await auth.requireTenant(request);
        const { id } = request.params;
        const body = request.body as z.output<Update>; // validated by the route's schema, as above
        if (body.id !== undefined && body.id !== id) {
          throw validationFailed('The request is not valid.', [
            { field: 'id', message: 'The id in the body must be the id in the path.' },
          ]);
        }
        return inTenant(db, tenantId, (tx) => update.run(tx, tenantId, id, body));
      },
    );
  }

  if (remove) {
    app.delete<{ Params: z.output<typeof idParams> }>(
      `${path}/:id`,
      { onRequest, schema: { tags, params: idParams, response: { 204: z.null(), ...failures } } },
      async (request, reply) => {
        const { tenantId } = await auth.requireTenant(request);
        await inTenant(db, tenantId, (tx) => remove(tx, tenantId, request.params.id));
        return reply.code(204).send(null);
      },
    );
  }

  if (list) {
    app.get<{ Querystring: z.output<typeof listQuery> }>(
      path,
      {
        onRequest,
        schema: { tags, querystring: listQuery, response: { 200: z.array(record), ...failures } },
      },
      async (request, reply) => {
        const { tenantId } = await auth.requireTenant(request);
        const page = parsePage(request.query, { size: endpoints.pageSize });
        const { rows, total } = await inTenant(db, tenantId, (tx) =>
          list(tx, tenantId, { q: request.query.q, page }),
        );
        reply.headers(listHeaders({ url: requestUrl(request), page: page.page, size: page.size, total }));
        return rows;
      },
    );
  }
}
