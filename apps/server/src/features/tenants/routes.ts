import { membershipRecord, requiredText, tenantEntry } from '@fieldbook/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { tenants } from '../../platform/db/tenant-table.ts';
import { type Api, callerOf, tenantCallerOf } from '../../platform/http/api-scopes.ts';
import { errorResponses, tenantErrors } from '../../platform/http/error-responses.ts';
import { notFound } from '../../platform/http/errors.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import { findUserById, personOf } from '../identity/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { findOwnMembership } from '../team/index.ts';
import { createTenant, listTenantsOf, recordSignIn } from './tenants.ts';

const tags = ['account'];
const newTenant = z.object({
  name: requiredText('Enter the organisation name.', 200),
  timeZone: z
    .string()
    .max(100)
    .optional()
    .describe(
      "The creator's browser time zone: the organisation's when it is Australian, else Australia/Sydney.",
    ),
});

/** The caller's account and organisations: any signed-in caller, with or without a tenant. */
export function registerAccountRoutes(api: Api, db: Db): void {
  api.get(
    '/me',
    {
      schema: {
        operationId: 'getMe',
        summary: 'The signed-in user and their organisations',
        tags,
        response: {
          200: z.object({
            subject: z.string(),
            name: z.string().optional(),
            email: z.string().optional(),
            tenants: z.array(tenantEntry),
          }),
          ...errorResponses('UNAUTHENTICATED', 'INTERNAL'),
        },
      },
    },
    async (request) => {
      const { subject } = callerOf(request);
      const [user, memberOf] = await Promise.all([findUserById(db, subject), listTenantsOf(db, subject)]);
      return { subject, name: user?.name, email: user?.email, tenants: memberOf };
    },
  );

  api.post(
    '/tenants',
    {
      schema: {
        operationId: 'createTenant',
        summary: 'Create an organisation',
        description: 'The caller becomes its first member. Sign in again naming it to act in it.',
        tags,
        body: newTenant,
        response: { 201: tenantEntry, ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'INTERNAL') },
      },
    },
    async (request, reply) => {
      const creator = await personOf(db, callerOf(request).subject);
      const created = await createTenant(db, {
        name: request.body.name,
        timeZone: request.body.timeZone,
        creator,
      });
      return reply.code(201).send(created);
    },
  );
}

/** The organisation the caller acts in. */
export function registerTenantRoutes(api: Api, db: Db): void {
  api.get(
    '/tenant',
    {
      schema: {
        operationId: 'getTenant',
        summary: 'The organisation the token acts in, and the caller’s role in it',
        description: 'The web app reads it once per sign-in: it also records the member’s last sign-in.',
        tags,
        response: { 200: membershipRecord, ...tenantErrors.read },
      },
    },
    async (request) => {
      const found = await inRequestTenant(db, request, async (tx, tenantId, member) => {
        const [tenant] = await tx
          .select({ tenantId: tenants.id, tenantName: tenants.name, timeZone: organisationDetails.timeZone })
          .from(tenants)
          .innerJoin(organisationDetails, eq(organisationDetails.tenantId, tenants.id))
          .where(eq(tenants.id, tenantId));
        if (!tenant) throw notFound('organisation');
        const own = await findOwnMembership(tx, tenantId, member.subject);
        return { ...tenant, memberId: own.id, role: own.role, technician: own.technician };
      });
      await recordSignIn(db, found.tenantId, tenantCallerOf(request).subject);
      return found;
    },
  );
}
