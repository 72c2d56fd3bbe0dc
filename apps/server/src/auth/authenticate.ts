import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { isMember } from '../tenants/tenants.ts';
import type { Caller, VerifyAccessToken } from './access-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    tenantCaller?: TenantCaller;
  }
}

/** A caller acting in a tenant they are a member of. */
export interface TenantCaller {
  subject: string;
  tenantId: string;
}

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1])
    throw new ApiError('UNAUTHENTICATED', 'Sign in to use the API: a bearer access token is required.');
  return match[1];
}

export function createAuthentication(verify: VerifyAccessToken, db: Db) {
  /** The verified caller; 401 without a valid token. */
  async function requireCaller(request: FastifyRequest): Promise<Caller> {
    request.caller ??= await verify(bearerToken(request));
    return request.caller;
  }

  /** The verified caller and their tenant; 403 when the token names no tenant or one they do not belong to. */
  async function requireTenant(request: FastifyRequest): Promise<TenantCaller> {
    // Checked once per request: a route's onRequest hook and its handler may both ask.
    if (request.tenantCaller) return request.tenantCaller;
    const caller = await requireCaller(request);
    if (!caller.tenantId)
      throw new ApiError('FORBIDDEN', 'Choose an organisation first: the token names none.');
    if (!(await isMember(db, caller.tenantId, caller.subject))) {
      throw new ApiError('FORBIDDEN', 'You are not a member of this organisation.');
    }
    request.tenantCaller = { subject: caller.subject, tenantId: caller.tenantId };
    return request.tenantCaller;
  }

  return { requireCaller, requireTenant };
}

export type Authentication = ReturnType<typeof createAuthentication>;
