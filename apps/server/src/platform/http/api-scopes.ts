import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Caller } from './access-tokens.ts';
import type { Authentication } from './authenticate.ts';
import { notJson } from './errors.ts';
import type { TenantCaller } from './member-scope.ts';
import { accessFor } from './permissions.ts';

/** Routes with zod schemas: request types are inferred from them, with no casts. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's body is a file's bytes, not JSON (an upload); `tooLarge`: what a body over its limit is told. */
    fileBody?: { tooLarge: string };
  }

  interface FastifyRequest {
    caller?: Caller;
    tenantCaller?: TenantCaller;
  }
}

/** The verified caller of a route registered in `registerCallerApi`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('callerOf: the route is not inside registerCallerApi');
  return request.caller;
}

/** The caller and tenant of a route registered in `registerTenantApi`. */
export function tenantCallerOf(request: FastifyRequest): TenantCaller {
  if (!request.tenantCaller) throw new Error('tenantCallerOf: the route is not inside registerTenantApi');
  return request.tenantCaller;
}

type Register = (api: Api) => void;

/** The API takes JSON bodies only (form-encoded bodies are for the sign-in pages). */
function requireJsonBody(request: FastifyRequest): void {
  if (request.routeOptions.config.fileBody) return;
  const type = request.headers['content-type'];
  if (type === undefined || /^application\/json\s*(;|$)/i.test(type)) return;
  throw notJson();
}

/** Registers routes under /api in a scope of their own, behind one onRequest hook (before the body is read). */
async function registerScope(
  app: FastifyInstance,
  identify: (request: FastifyRequest) => Promise<Pick<FastifyRequest, 'caller' | 'tenantCaller'>>,
  register: Register,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request) => {
        Object.assign(request, await identify(request));
        requireJsonBody(request);
      });
      register(scope.withTypeProvider<ZodTypeProvider>());
    },
    { prefix: '/api' },
  );
}

/**
 * Routes for anyone, signed in or not (a quote's public page, `/public/...`): no caller is read, and a token sent
 * is ignored. What such a route reads, it finds by a secret in its path.
 */
export const registerPublicApi = (app: FastifyInstance, register: Register) =>
  registerScope(app, async () => ({}), register);

/** Routes for any signed-in caller, tenant or not (`/me`, `/tenants`): an anonymous caller gets 401 first. */
export const registerCallerApi = (app: FastifyInstance, auth: Authentication, register: Register) =>
  registerScope(app, async (request) => ({ caller: await auth.caller(request) }), register);

/**
 * Every tenant route registers here. The hook authenticates and reads the tenant before anything else
 * (401, then 403 for a token without a tenant) and the access the route needs (`platform/http/permissions.ts`); membership
 * and role are checked by the first statement of the request's tenant transaction (`asMember`).
 */
export const registerTenantApi = (app: FastifyInstance, auth: Authentication, register: Register) =>
  registerScope(
    app,
    async (request) => ({
      tenantCaller: {
        ...(await auth.tenantCaller(request)),
        access: accessFor(request.method, request.routeOptions.url),
      },
    }),
    register,
  );
