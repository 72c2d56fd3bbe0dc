import type { z } from 'zod';
import type { Db, Tx } from '../db/database.ts';
import { type RecordList, sendList } from '../lists/read-list.ts';
import type { Api } from './api-scopes.ts';
import { replyCreated, replySaved } from './idempotency.ts';
import { createSchema, deleteSchema, listSchema, readSchema, updateSchema } from './route-schemas.ts';
import { type Command, inRequestTenant, samePathId } from './tenant-requests.ts';

/** An operation's words in the OpenAPI document; its id and tags come from the resource. */
interface Doc {
  /** When it is not the usual verb and name (`removeMember`). */
  operationId?: string;
  summary: string;
  description?: string;
}

/**
 * The usual routes of a tenant's records at `path`: list and create there, get, save and delete at `path/:id`.
 * Each is given when the resource has it; its operation ids are `list{plural}`, `create{name}`, `get{name}`,
 * `update{name}` and `delete{name}`. A create's or a save's command is given what the request carries (the body,
 * the id); a read's or a delete's is the record's own (`findTaxRate(tx, tenantId, id)`). They run in the request's
 * tenant transaction (`inRequestTenant`); a create and a save honour `Idempotency-Key` (`replyCreated`,
 * `replySaved`).
 */
export interface RecordRoutes<Fields extends z.ZodType, Update extends z.ZodType, Out extends z.ZodType> {
  path: string;
  name: string;
  plural?: string;
  tags: string[];
  record: Out;
  list?: Doc & { list: RecordList<unknown>; record?: z.ZodType };
  create?: Doc & { body: Fields; command: (body: z.output<Fields>) => Command<z.output<Out>> };
  read?: Doc & { command: (tx: Tx, tenantId: string, id: string) => Promise<z.output<Out>> };
  save?: Doc & { body: Update; command: (id: string, body: z.output<Update>) => Command<z.output<Out>> };
  remove?: Doc & { command: (tx: Tx, tenantId: string, id: string) => Promise<unknown> };
}

export function registerRecordRoutes<
  Fields extends z.ZodType,
  Update extends z.ZodType,
  Out extends z.ZodType,
>(api: Api, db: Db, resource: RecordRoutes<Fields, Update, Out>): void {
  const { path, name, tags, record, list, create, read, save, remove } = resource;
  const doc = (verb: string, { operationId, summary, description }: Doc) => ({
    operationId: operationId ?? `${verb}${name}`,
    summary,
    ...(description === undefined ? {} : { description }),
    tags,
  });
  const one = `${path}/:id`;
  // The replies are checked against the record's schema when sent; typed here as any record.
  const out: z.ZodType = record;
  if (list) {
    const listDoc = doc('list', { operationId: `list${resource.plural ?? `${name}s`}`, ...list });
    api.get(path, listSchema(listDoc, list.record ?? out), (request, reply) =>
      sendList(db, request, reply, list.list),
    );
  }
  if (create) {
    api.post(path, createSchema(doc('create', create), create.body, out), (request, reply) =>
      replyCreated(db, request, reply, create.command(request.body as z.output<Fields>)),
    );
  }
  if (read) {
    api.get(one, readSchema(doc('get', read), out), (request) =>
      inRequestTenant(db, request, (tx, tenantId) => read.command(tx, tenantId, request.params.id)),
    );
  }
  if (save) {
    api.put(one, updateSchema(doc('update', save), save.body, out), (request, reply) => {
      const body = request.body as z.output<Update> & { id?: string };
      samePathId(request.params.id, body);
      return replySaved(db, request, reply, save.command(request.params.id, body));
    });
  }
  if (remove) {
    api.delete(one, deleteSchema(doc('delete', remove)), async (request, reply) => {
      await inRequestTenant(db, request, (tx, tenantId) => remove.command(tx, tenantId, request.params.id));
      return reply.code(204).send(null);
    });
  }
}
