import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { builtByShape } from '../db/built-selects.ts';
import { type Db, sqlLiteral, type Tx } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { asMember, type Member } from '../db/tenant-scope.ts';
import { tenantCallerOf } from './api-scopes.ts';
import { ApiError, validationFailed } from './errors.ts';

export interface Created<T> {
  status: number;
  body: T;
}

export interface IdempotencyScope {
  tenantId: string;
  subject: string;
  /** The key from the Idempotency-Key header; undefined means no idempotency. */
  key: string | undefined;
  /** Method and route, e.g. `POST /api/customers`: a key is bound to one route and one payload. */
  route: string;
  payload: unknown;
}

/** The request headers of a creating POST, for its schema: loose, so every other header stays. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'One key per form submission (1 to 255 visible ASCII characters): a retry creates nothing new.',
    ),
});

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw validationFailed('The Idempotency-Key header must be 1 to 255 visible ASCII characters.', [
      { field: 'Idempotency-Key', message: 'Use 1 to 255 visible ASCII characters, for example a UUID.' },
    ]);
  }
  return key;
}

const hashOf = (payload: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(payload ?? null))
    .digest('hex');

/** A created record's answer, and the statement that stores it with its key (sent with the COMMIT). */
export type Answered<T> = Created<T> & { replayed: boolean; answer?: string };

/**
 * The statement that stores a create's answer with its claimed key: sent with the transaction's COMMIT
 * (`asMember`'s closing), so its values are literals (the tenant id a checked UUID, the rest quoted).
 */
const storeAnswer = (scope: IdempotencyScope & { key: string }, { status, body }: Created<unknown>) =>
  `update idempotency_keys set status_code = ${Number(status)}, response = ${sqlLiteral(JSON.stringify(body))}::jsonb
    where tenant_id = ${sqlLiteral(scope.tenantId)} and key = ${sqlLiteral(scope.key)}`;

/** A key claimed for a create, unless another request has it: built once, a named statement. */
const claims = builtByShape('idempotency_claim');

/**
 * Runs a creating write at most once per Idempotency-Key, inside the caller's tenant transaction:
 * the key is claimed first (a concurrent retry waits on its row), the result is stored with it (`answer`, which
 * the caller sends with its COMMIT), and a retry gets the stored result back. If the write fails, the
 * transaction (key included) rolls back.
 */
export async function createOnce<T>(
  tx: Tx,
  scope: IdempotencyScope,
  create: () => Promise<Created<T>>,
): Promise<Answered<T>> {
  const { key } = scope;
  if (!key) return { ...(await create()), replayed: false };
  const requestHash = hashOf(scope.payload);
  const claimed = await claims(
    tx,
    'claim',
    () =>
      tx
        .insert(idempotencyKeys)
        .values({
          tenantId: sql.placeholder('tenantId'),
          key: sql.placeholder('key'),
          subject: sql.placeholder('subject'),
          route: sql.placeholder('route'),
          requestHash: sql.placeholder('requestHash'),
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key }),
    { tenantId: scope.tenantId, key, subject: scope.subject, route: scope.route, requestHash },
  );
  if (claimed.rows.length > 0) {
    const result = await create();
    return { ...result, replayed: false, answer: storeAnswer({ ...scope, key }, result) };
  }
  const [first] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, key)));
  if (!first || first.statusCode === null)
    throw new ApiError('CONFLICT', 'A request with this Idempotency-Key is still in progress.');
  if (first.route !== scope.route || first.requestHash !== requestHash || first.subject !== scope.subject) {
    throw new ApiError('CONFLICT', 'This Idempotency-Key was already used for a different request.');
  }
  return { status: first.statusCode, body: first.response as T, replayed: true };
}

export async function replyCreated<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  create: (tx: Tx, tenantId: string, member: Member) => Promise<T>,
) {
  const caller = tenantCallerOf(request);
  const scope = {
    ...caller,
    key: idempotencyKeyOf(request),
    route: `${request.method} ${request.routeOptions.url}`,
    payload: request.body,
  };
  const result = await asMember(
    db,
    caller,
    (tx, member) =>
      createOnce(tx, scope, async () => ({ status: 201, body: await create(tx, caller.tenantId, member) })),
    (created) => created.answer,
  );
  if (result.replayed) reply.header('idempotency-replayed', 'true');
  return reply.code(result.status).send(result.body);
}
