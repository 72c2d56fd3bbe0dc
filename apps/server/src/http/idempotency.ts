import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../db/database.ts';
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

/**
 * Runs a creating write at most once per Idempotency-Key, inside the caller's tenant transaction:
 * the key is claimed first (a concurrent retry waits on its row), the result is stored with it, and a
 * retry gets the stored result back. If the write fails, the transaction (key included) rolls back.
 */
export async function createOnce<T>(
  tx: Tx,
  scope: IdempotencyScope,
  create: () => Promise<Created<T>>,
): Promise<Created<T> & { replayed: boolean }> {
  if (!scope.key) return { ...(await create()), replayed: false };
  const requestHash = hashOf(scope.payload);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({
      tenantId: scope.tenantId,
      key: scope.key,
      subject: scope.subject,
      route: scope.route,
      requestHash,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) {
    const result = await create();
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: result.status, response: result.body as object })
      .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, scope.key)));
    return { ...result, replayed: false };
  }
  const [first] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, scope.key)));
  if (!first || first.statusCode === null)
    throw new ApiError('CONFLICT', 'A request with this Idempotency-Key is still in progress.');
  if (first.route !== scope.route || first.requestHash !== requestHash || first.subject !== scope.subject) {
    throw new ApiError('CONFLICT', 'This Idempotency-Key was already used for a different request.');
  }
  return { status: first.statusCode, body: first.response as T, replayed: true };
}

/**
 * A creating POST of a tenant route: runs `create` in the caller's tenant transaction at most once per
 * Idempotency-Key, and replies 201 with the record (a retry gets the first reply, marked as a replay).
 */
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
  const result = await asMember(db, caller, (tx, member) =>
    createOnce(tx, scope, async () => ({ status: 201, body: await create(tx, caller.tenantId, member) })),
  );
  if (result.replayed) reply.header('idempotency-replayed', 'true');
  return reply.code(result.status).send(result.body);
}
