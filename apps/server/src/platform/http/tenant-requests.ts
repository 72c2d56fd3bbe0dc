import { apiMessages } from '@fieldbook/domain';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Statement } from '../db/built-selects.ts';
import { commitTogether, type Db, runTogether, type Tx } from '../db/database.ts';
import { tenantCallerOf } from './api-scopes.ts';
import { validationFailed } from './errors.ts';
import { asMember, type Member } from './member-scope.ts';

// A request's command, run in the caller's tenant: a function of the transaction, or a `Write` whose reads go with
// the BEGIN and whose last statements go with the COMMIT.

/** Sends statements of a transaction together: `commitTogether` at its end, `runTogether` within it. */
export type Together = (tx: Tx, statements: Statement[]) => Promise<unknown[][]>;

/** A table of numbered records (`numberedInsert`), whose new record's number an idempotency answer is given. */
export type NumberedTable = PgTable & { tenantId: PgColumn; id: PgColumn; number: PgColumn };

/**
 * For a create whose last statements go with its COMMIT: the statement that stores its Idempotency-Key's answer,
 * to send with them (it must be sent). The answer is built before the insert; `numbered`: the record the
 * statements insert, whose `number` (the one value PostgreSQL gives) the statement fills in from its row.
 * Undefined when the request has no key.
 */
export type AnswerStore = (
  body: object,
  numbered?: { table: NumberedTable; id: string },
) => Statement | undefined;

/** What a write's command is given besides the transaction and its reads' rows. */
export interface WriteContext {
  /** Sends its last statements: with the COMMIT in a request; within the transaction when it goes on (an import). */
  last: Together;
  /** The caller's membership (none in a system transaction). */
  member?: Member;
  /** A create's Idempotency-Key answer, to send with its last statements (`replyCreated`). */
  store?: AnswerStore;
}

/**
 * A write as one call: the statements it reads first (the record, what it names), which do not depend on one
 * another's answers and go with the BEGIN and the member's scope in one round trip; then its command, given their
 * rows, whose last statements it sends with `last` (with the COMMIT, they must refuse in SQL what they cannot do).
 *
 *   api.put('/jobs/:id', schema, (request) => inRequestTenant(db, request, jobSave(db, request.params.id, request.body)));
 */
export interface Write<T> {
  reads(tenantId: string): Statement[];
  run(tx: Tx, tenantId: string, rows: unknown[][], context: WriteContext): Promise<T>;
}

/** What a `Write` makes once for its tenant, for both its reads and its run (always the same tenant's). */
export function forTenant<T>(make: (tenantId: string) => T): (tenantId: string) => T {
  let made: T | undefined;
  return (tenantId) => (made ??= make(tenantId));
}

/** A request's command: a function of its transaction, or a `Write`. */
export type Command<T> = ((tx: Tx, tenantId: string, member: Member) => Promise<T>) | Write<T>;

/**
 * Runs a command in one transaction of the request caller's tenant (`asMember`: the membership and role checked by
 * its first statement): a `Write`'s reads with the BEGIN and its last statements with the COMMIT.
 */
export function inRequestTenant<T>(db: Db, request: FastifyRequest, command: Command<T>): Promise<T> {
  const caller = tenantCallerOf(request);
  if (typeof command === 'function')
    return asMember(db, caller, (tx, member) => command(tx, caller.tenantId, member));
  return asMember(
    db,
    caller,
    (tx, member, rows) => command.run(tx, caller.tenantId, rows, { last: commitTogether, member }),
    { reads: command.reads(caller.tenantId) },
  );
}

/** A `Write` inside a transaction already scoped to the tenant (an import, seeding, a test): it goes on after it. */
export async function writeIn<T>(tx: Tx, tenantId: string, write: Write<T>): Promise<T> {
  return write.run(tx, tenantId, await runTogether(tx, write.reads(tenantId)), { last: runTogether });
}

/** A save names its record in the path; an `id` in the body, when sent, must be the same. */
export function samePathId(pathId: string, body: { id?: string | undefined }): void {
  if (body.id !== undefined && body.id !== pathId) {
    throw validationFailed(apiMessages.invalidRequest, [{ field: 'id', message: apiMessages.idMismatch }]);
  }
}
