import { isUuid } from '@fieldbook/domain';
import type { FastifyRequest } from 'fastify';
import type { Caller, VerifyAccessToken } from './access-tokens.ts';
import { ApiError } from './errors.ts';
import type { TenantCaller } from './member-scope.ts';

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1])
    throw new ApiError('UNAUTHENTICATED', 'Sign in to use the API: a bearer access token is required.');
  return match[1];
}

/**
 * Reads who is calling from the bearer token. It does not read the database: membership of the token's
 * tenant is checked by the first statement of every tenant transaction (`asMember`).
 */
export function createAuthentication(verify: VerifyAccessToken) {
  /** The verified caller; 401 without a valid token. */
  const caller = (request: FastifyRequest): Promise<Caller> => verify(bearerToken(request));

  /** The verified caller and the tenant their token acts in; 403 when it names none. */
  async function tenantCaller(request: FastifyRequest): Promise<Omit<TenantCaller, 'access'>> {
    const { subject, tenantId } = await caller(request);
    if (!tenantId) throw new ApiError('FORBIDDEN', 'Choose an organisation first: the token names none.');
    // A tenant id that is not a UUID can name no organisation the caller belongs to.
    if (!isUuid(tenantId)) throw new ApiError('FORBIDDEN', 'You are not a member of this organisation.');
    return { subject, tenantId };
  }

  return { caller, tenantCaller };
}

export type Authentication = ReturnType<typeof createAuthentication>;
