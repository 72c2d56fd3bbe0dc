import { apiMessages } from '@fieldbook/domain';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/database.ts';
import { tenantCallerOf } from './api-scopes.ts';
import { validationFailed } from './errors.ts';
import { asMember, type Member } from './member-scope.ts';

/** Runs fn in one transaction of the request caller's tenant (membership and role checked by its first statement). */
export function inRequestTenant<T>(
  db: Db,
  request: FastifyRequest,
  fn: (tx: Tx, tenantId: string, member: Member) => Promise<T>,
): Promise<T> {
  const caller = tenantCallerOf(request);
  return asMember(db, caller, (tx, member) => fn(tx, caller.tenantId, member));
}

/** A save names its record in the path; an `id` in the body, when sent, must be the same. */
export function samePathId(pathId: string, body: { id?: string | undefined }): void {
  if (body.id !== undefined && body.id !== pathId) {
    throw validationFailed(apiMessages.invalidRequest, [{ field: 'id', message: apiMessages.idMismatch }]);
  }
}
