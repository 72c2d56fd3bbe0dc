import { idParams, signatureFields, signatureRecord } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { replySaved, saveIdempotencyHeaders } from '../../platform/http/idempotency.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import { findSignature, takeSignature } from './job-signatures.ts';

const tags = ['jobs'];
/** A 256 KB PNG is about 350 KB as a data URL. */
const BODY_LIMIT = 512 * 1024;

/** A job's sign-off: taken and read by whoever may see the job (a Technician on their own). */
export function registerJobSignatureRoutes(api: Api, db: Db): void {
  api.get(
    '/jobs/:id/signature',
    {
      schema: {
        operationId: 'getJobSignature',
        summary: "The customer's sign-off of the job",
        description: '`null` when none was taken.',
        tags,
        params: idParams,
        response: { 200: signatureRecord.nullable(), ...tenantErrors.read },
      },
    },
    (request) =>
      inRequestTenant(db, request, (tx, tenantId, member) =>
        findSignature(tx, tenantId, request.params.id, member),
      ),
  );

  api.put(
    '/jobs/:id/signature',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        operationId: 'takeJobSignature',
        summary: "Take the customer's sign-off of the job",
        description:
          'Their name and their signature as a PNG data URL of at most 256 KB, or `customerNotPresent`. Stamped with the time (`takenAt` when it was taken on a phone without signal) and the caller’s name. Taken again, it replaces the last, unless the last was taken later: then 409, naming when and by whom the job was signed, and nothing changes. Honours `Idempotency-Key` (bound to the job and the body): a resend after a lost answer gets the first answer again, even when a later sign-off has replaced it since.',
        tags,
        headers: saveIdempotencyHeaders,
        params: idParams,
        body: signatureFields,
        response: { 200: signatureRecord, ...tenantErrors.update },
      },
    },
    (request, reply) =>
      replySaved(db, request, reply, (tx, tenantId, member) =>
        takeSignature(tx, tenantId, request.params.id, request.body, member),
      ),
  );
}
