import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authentication } from '../auth/authenticate.ts';
import type { Db } from '../db/database.ts';
import { tenants } from '../db/schema.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { ApiError } from '../http/errors.ts';
import { findUserById } from '../identity/accounts.ts';
import { createTenant, listTenantsOf } from './tenants.ts';

const tenantEntry = z.object({ tenantId: z.uuid(), tenantName: z.string() });
const newTenant = z.object({
  name: z.string().trim().min(1, 'Enter the organisation name.').max(200, 'Use at most 200 characters.'),
});

export function registerTenantRoutes(app: FastifyInstance, db: Db, auth: Authentication): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        response: {
          200: z.object({
            subject: z.string(),
            name: z.string().optional(),
            email: z.string().optional(),
            tenants: z.array(tenantEntry),
          }),
        },
      },
    },
    async (request) => {
      const caller = await auth.requireCaller(request);
      const [user, memberOf] = await Promise.all([
        findUserById(db, caller.subject),
        listTenantsOf(db, caller.subject),
      ]);
      return { subject: caller.subject, name: user?.name, email: user?.email, tenants: memberOf };
    },
  );

  api.post(
    '/api/tenants',
    { schema: { tags: ['account'], body: newTenant, response: { 201: tenantEntry } } },
    async (request, reply) => {
      const caller = await auth.requireCaller(request);
      const created = await createTenant(db, { name: request.body.name, creatorSubject: caller.subject });
      return reply.code(201).send(created);
    },
  );

  api.get(
    '/api/tenant',
    { schema: { tags: ['account'], response: { 200: tenantEntry } } },
    async (request) => {
      const { tenantId } = await auth.requireTenant(request);
      const [tenant] = await inTenant(db, tenantId, (tx) =>
        tx
          .select({ tenantId: tenants.id, tenantName: tenants.name })
          .from(tenants)
          .where(eq(tenants.id, tenantId)),
      );
      if (!tenant) throw new ApiError('NOT_FOUND', 'Organisation not found.');
      return tenant;
    },
  );
}
