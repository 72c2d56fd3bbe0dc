import { idParams, listQuery } from '@fieldbook/domain';
import { z } from 'zod';
import { tenantErrors } from './error-responses.ts';
import { idempotencyHeaders, saveIdempotencyHeaders } from './idempotency.ts';

/** How an operation reads in the OpenAPI document. */
export interface OperationDoc {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
}

// The schemas of the usual tenant endpoints: request validation, reply serialisation and the OpenAPI
// operation in one. Called with concrete zod schemas, so each route still infers its request types.

/** A creating POST: the body, 201 with the record; honours Idempotency-Key. */
export const createSchema = <Body extends z.ZodType, Out extends z.ZodType>(
  doc: OperationDoc,
  body: Body,
  record: Out,
) => ({
  schema: { ...doc, headers: idempotencyHeaders, body, response: { 201: record, ...tenantErrors.create } },
});

/** GET of one record by id. */
export const readSchema = <Out extends z.ZodType>(doc: OperationDoc, record: Out) => ({
  schema: { ...doc, params: idParams, response: { 200: record, ...tenantErrors.read } },
});

/** PUT of one record by id, carrying the `updated` it read; honours Idempotency-Key (`replySaved`). */
export const updateSchema = <Body extends z.ZodType, Out extends z.ZodType>(
  doc: OperationDoc,
  body: Body,
  record: Out,
) => ({
  schema: {
    ...doc,
    headers: saveIdempotencyHeaders,
    params: idParams,
    body,
    response: { 200: record, ...tenantErrors.update },
  },
});

/** DELETE of one record by id: 204. */
export const deleteSchema = (doc: OperationDoc) => ({
  schema: {
    ...doc,
    params: idParams,
    response: { 204: z.null().describe('Deleted.'), ...tenantErrors.remove },
  },
});

/** A list: `q`, `p`, `s`; an array body with Total-Count and Link. */
export const listSchema = <Out extends z.ZodType>(doc: OperationDoc, record: Out) => ({
  schema: { ...doc, querystring: listQuery, response: { 200: z.array(record), ...tenantErrors.list } },
});
