import { createHash } from 'node:crypto';
import { apiMessages } from '@fieldbook/domain';
import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { builtByShape, type Statement } from '../db/built-selects.ts';
import { commitTogether, type Db, runTogether, sqlLiteral, type Tx } from '../db/database.ts';
import { tenantCallerOf } from './api-scopes.ts';
import { ApiError, validationFailed } from './errors.ts';
import { idempotencyKeys } from './idempotency-keys.ts';
import { asMember } from './member-scope.ts';
import type { AnswerStore, Command, NumberedTable, Together } from './tenant-requests.ts';

const CREATED = 201;

/**
 * The same key with other values: the form's first send went through (its answer was lost) and was changed since.
 * Said to the user, who sees it over the form.
 */
export const IDEMPOTENCY_REUSED =
  'This was already saved before the connection dropped, with the values sent then; the changes made since were ' +
  'not saved. Find it in its list and change it there.';

/** `IDEMPOTENCY_REUSED` for a save (PUT): the record is the first save's now. */
export const SAVE_IDEMPOTENCY_REUSED = apiMessages.earlierSaveKept;

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

/** The request headers of a save (PUT), for its schema. */
export const saveIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'One key per form submission (1 to 255 visible ASCII characters): a retry of a save whose answer was lost ' +
        'gets that answer again, not a 409 for its own first save.',
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
 * A create's answer (the first one again when `replayed`), and the statement that stores it with its key (sent
 * with the COMMIT).
 */
export type Answered<T> = { status: number; body: T; replayed: boolean; answer?: string };

/**
 * The statement that stores a create's answer with its claimed key: sent with the transaction's COMMIT
 * (`asMember`'s closing), so its values are literals (the tenant id a checked UUID, the rest quoted).
 */
const storeAnswer = (scope: IdempotencyScope & { key: string }, body: unknown, status = CREATED) =>
  `update idempotency_keys set status_code = ${status}, response = ${sqlLiteral(JSON.stringify(body))}::jsonb
    where tenant_id = ${sqlLiteral(scope.tenantId)} and key = ${sqlLiteral(scope.key)}`;

/** The statements that store a create's answer with the statements it commits with (`AnswerStore`), by shape. */
const answers = builtByShape('idempotency_answer');

function answerStatement(
  db: Db,
  scope: IdempotencyScope & { key: string },
  body: object,
  numbered?: { table: NumberedTable; id: string },
): Statement {
  const response = sql`${sql.placeholder('response')}::jsonb`;
  const filled = numbered
    ? sql`jsonb_set(${response}, '{number}', to_jsonb((select ${numbered.table.number} from ${numbered.table}
        where ${numbered.table.tenantId} = ${sql.placeholder('tenantId')}::uuid and ${numbered.table.id} = ${sql.placeholder('id')}::uuid)))`
    : response;
  return answers.statement(
    db,
    numbered ? getTableName(numbered.table) : '',
    () => sql`update ${idempotencyKeys} set status_code = ${CREATED}, response = ${filled}
      where ${idempotencyKeys.tenantId} = ${sql.placeholder('tenantId')}::uuid and ${idempotencyKeys.key} = ${sql.placeholder('key')}::text`,
    {
      tenantId: scope.tenantId,
      key: scope.key,
      response: JSON.stringify(body),
      ...(numbered ? { id: numbered.id } : {}),
    },
  );
}

/** A key claimed for a create, unless another request has it: built once, a named statement. */
const claims = builtByShape('idempotency_claim');

/**
 * The claim of the create's key, a statement sent with the transaction's BEGIN and scope (`asMember`'s reads): it
 * claims nothing unless the scope found the caller a member of the tenant (which the scope then refuses), as
 * row-level security would refuse the row.
 */
function claimOf(db: Db, scope: IdempotencyScope & { key: string }): Statement<Record<string, unknown>> {
  const { tenantId, key, subject, route } = scope;
  return claims.statement(
    db,
    'claim',
    () => sql`insert into ${idempotencyKeys} (tenant_id, key, subject, route, request_hash)
      select ${sql.placeholder('tenantId')}::uuid, ${sql.placeholder('key')}::text, ${sql.placeholder('subject')}::text,
        ${sql.placeholder('route')}::text, ${sql.placeholder('requestHash')}::text
      where ${sql.placeholder('tenantId')}::uuid = nullif(current_setting('app.tenant_id', true), '')::uuid
      on conflict do nothing returning key`,
    { tenantId, key, subject, route, requestHash: hashOf(scope.payload) },
  );
}

/**
 * Runs a creating write at most once per Idempotency-Key, inside the caller's tenant transaction: the key was
 * claimed first (`claimed`: the claim's rows, from `claimOf`; a concurrent retry waits on its row), the result is
 * stored with it (`answer`, which the caller sends with its COMMIT), and a retry gets the stored result back. If
 * the write fails, the transaction (key included) rolls back.
 */
export async function createOnce<T>(
  tx: Tx,
  scope: IdempotencyScope,
  claimed: unknown[] | undefined,
  create: (store: AnswerStore) => Promise<T>,
  statusOf: () => number = () => CREATED,
): Promise<Answered<T>> {
  const { key } = scope;
  if (!key || !claimed) {
    const body = await create(() => undefined);
    return { status: statusOf(), body, replayed: false };
  }
  if (claimed.length > 0) {
    let stored = false;
    const body = await create((answer, numbered) => {
      stored = true;
      return answerStatement(tx, { ...scope, key }, answer, numbered);
    });
    const status = statusOf();
    return {
      status,
      body,
      replayed: false,
      answer: stored ? undefined : storeAnswer({ ...scope, key }, body, status),
    };
  }
  const first = await earlierAnswer<T>(tx, scope);
  if (!first) throw inProgress();
  return first;
}

const inProgress = () =>
  new ApiError('CONFLICT', 'A request with this Idempotency-Key is still in progress.');

/**
 * The answer the scope's key already has (`replayed`), read in the caller's tenant transaction: undefined when the
 * request has no key or its key is unused (committed by no one yet); 409 when the key is another request's (another
 * route, payload or caller), or its request is still in progress.
 */
export async function earlierAnswer<T>(tx: Tx, scope: IdempotencyScope): Promise<Answered<T> | undefined> {
  const { key } = scope;
  if (!key) return undefined;
  const [first] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, key)));
  if (!first) return undefined;
  if (first.statusCode === null) throw inProgress();
  if (
    first.route !== scope.route ||
    first.requestHash !== hashOf(scope.payload) ||
    first.subject !== scope.subject
  ) {
    const message = scope.route.startsWith('PUT ') ? SAVE_IDEMPOTENCY_REUSED : IDEMPOTENCY_REUSED;
    throw new ApiError('CONFLICT', message, [], { reason: 'IDEMPOTENCY_REUSED' });
  }
  return { status: first.statusCode, body: first.response as T, replayed: true };
}

/**
 * The idempotency scope of a request: its caller, its Idempotency-Key (400 when malformed) and its route, and the
 * payload the key is bound to: the request's body unless the route names another (a file upload: its name and the
 * hash of its bytes, not the bytes).
 */
export function idempotencyScopeOf(
  request: FastifyRequest,
  payload: unknown = request.body,
): IdempotencyScope {
  return {
    ...tenantCallerOf(request),
    key: idempotencyKeyOf(request),
    route: `${request.method} ${request.routeOptions.url}`,
    payload,
  };
}

/**
 * A creating POST's command (`Command`), at most once per Idempotency-Key (`createOnce`), in the caller's tenant:
 * its answer (201 with the record), or the first answer again (`replayed`: the command did not run). The key's
 * claim goes with the transaction's BEGIN and scope, and a `Write`'s reads with them, in one round trip; the key's
 * answer goes with the COMMIT, or with a `Write`'s last statements (`store`). `statusOf`, asked once the command
 * has run: its answer's status when it may find the record instead of making it (200; a function command's, which
 * the key's answer keeps). `scope`: the request's (`idempotencyScopeOf`), unless given. `last`: how a `Write` sends
 * its last statements (with the COMMIT, unless a save's answer must go after them: `replySaved`).
 */
export async function createInRequest<T>(
  db: Db,
  request: FastifyRequest,
  create: Command<T>,
  {
    statusOf,
    scope = idempotencyScopeOf(request),
    last = commitTogether,
  }: { statusOf?: () => number; scope?: IdempotencyScope; last?: Together } = {},
): Promise<Answered<T>> {
  const caller = tenantCallerOf(request);
  const { key } = scope;
  const reads = typeof create === 'function' ? [] : create.reads(caller.tenantId);
  const first = key === undefined ? reads : [claimOf(db, { ...scope, key }), ...reads];
  return asMember(
    db,
    caller,
    (tx, member, results) => {
      const claimed = key === undefined ? undefined : results[0];
      const rows = key === undefined ? results : results.slice(1);
      return createOnce(
        tx,
        scope,
        claimed,
        (store) =>
          typeof create === 'function'
            ? create(tx, caller.tenantId, member)
            : create.run(tx, caller.tenantId, rows, { last, member, store }),
        statusOf,
      );
    },
    { reads: first, closing: (created) => created.answer },
  );
}

/** Sends a create's answer (`createInRequest`, `earlierAnswer`): a replayed one with `Idempotency-Replayed`. */
export function sendAnswer<T>(reply: FastifyReply, answer: Answered<T>) {
  if (answer.replayed) reply.header('idempotency-replayed', 'true');
  return reply.code(answer.status).send(answer.body);
}

/**
 * A save (PUT) of a record, at most once per Idempotency-Key as a create is (`createInRequest`): a retry of the
 * same save whose answer was lost gets that answer again (200, `Idempotency-Replayed`), not the 409 its own first
 * save would now cause; the same key with other values is 409 (reason `IDEMPOTENCY_REUSED`), the first save kept.
 * The key is bound to the path's ids and the body. With a key, a `Write`'s last statements go before the COMMIT
 * (`runTogether`), as the key's answer, made from their rows, goes with it.
 */
export async function replySaved<T>(db: Db, request: FastifyRequest, reply: FastifyReply, save: Command<T>) {
  const scope = idempotencyScopeOf(request, { params: request.params, body: request.body });
  const last = scope.key === undefined ? commitTogether : runTogether;
  return sendAnswer(reply, await createInRequest(db, request, save, { statusOf: () => 200, scope, last }));
}

/**
 * A creating POST: the create (`Command`), at most once per Idempotency-Key (`createInRequest`), in the caller's
 * tenant, answered 201 with the record (or the first answer again, with `Idempotency-Replayed`). `statusOf`: as
 * `createInRequest`'s.
 */
export async function replyCreated<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  create: Command<T>,
  statusOf?: () => number,
) {
  return sendAnswer(reply, await createInRequest(db, request, create, { statusOf }));
}
