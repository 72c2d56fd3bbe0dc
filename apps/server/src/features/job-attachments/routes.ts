import { createHash } from 'node:crypto';
import {
  idParams,
  JOB_ATTACHMENT_TYPES,
  type JobAttachment,
  jobAttachmentMessages,
  jobAttachmentRecord,
  jobAttachmentUpload,
  MAX_ATTACHMENT_BYTES,
} from '@fieldbook/domain';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { ApiError, notFound, validationFailed } from '../../platform/http/errors.ts';
import {
  createInRequest,
  earlierAnswer,
  idempotencyHeaders,
  idempotencyScopeOf,
  sendAnswer,
} from '../../platform/http/idempotency.ts';
import { deleteSchema } from '../../platform/http/route-schemas.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import { requireVisibleJob } from '../jobs/index.ts';
import {
  deleteAttachment,
  deleteStored,
  fileKey,
  findAttachment,
  listAttachments,
  recordAttachment,
  storeUpload,
} from './job-attachments.ts';
import { prepareUpload } from './uploads.ts';

const tags = ['jobs'];
const fileParams = idParams.extend({ attachmentId: z.string().describe('The file id (a UUID).') });
/** A file's bytes, in a request or a response: a binary string (never parsed or serialised). */
const fileBytes = z.custom<Buffer>().meta({ type: 'string', format: 'binary' });
const fileResponse = (description: string) => ({
  description,
  content: Object.fromEntries(
    [...JOB_ATTACHMENT_TYPES, 'image/webp'].map((type) => [type, { schema: fileBytes }]),
  ),
});

/** Sends a stored file: its type as stored, never sniffed, kept by the browser (its id never changes). */
function sendFile(reply: FastifyReply, bytes: Buffer | undefined, type: string, filename: string) {
  if (!bytes) throw notFound('file');
  return reply
    .type(type)
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=31536000, immutable')
    .send(bytes);
}

/**
 * Photos and PDFs on a job: added and read by whoever may see the job (a Technician on their own), deleted by the
 * person who added them or the office. The bytes go through the API only, to a member who may see the job.
 */
export function registerJobAttachmentRoutes(api: Api, db: Db, files: FileStore): void {
  api.get(
    '/jobs/:id/attachments',
    {
      schema: {
        operationId: 'getJobAttachments',
        summary: "The job's photos and files, newest first",
        tags,
        params: idParams,
        response: { 200: z.array(jobAttachmentRecord), ...tenantErrors.read },
      },
    },
    (request) =>
      inRequestTenant(db, request, (tx, tenantId, member) =>
        listAttachments(tx, tenantId, request.params.id, member),
      ),
  );

  // The body is the file itself, whatever its declared type: the server reads its real type from its bytes.
  api.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_ATTACHMENT_BYTES },
      (_r, body, done) => done(null, body),
    );
    scope.post(
      '/jobs/:id/attachments',
      {
        bodyLimit: MAX_ATTACHMENT_BYTES,
        config: { fileBody: { tooLarge: jobAttachmentMessages.tooLarge } },
        schema: {
          operationId: 'addJobAttachment',
          summary: 'Add a photo or a PDF to the job',
          description: `The request body is the file's bytes (at most 20 MB), its name in \`filename\`. Its type is read from its content, not its name or Content-Type: a JPEG, PNG or WebP photo is turned upright by its EXIF orientation and kept without any metadata (a phone photo's GPS position is removed), with a thumbnail; a PDF is kept as it came. Anything else (SVG, HTML, HEIC, …), an empty file or one over the limit is a 400 naming why (over the limit: 413). Honours \`Idempotency-Key\`. A retry (the same key, job, name and bytes) adds nothing and stores no file again.`,
          tags,
          headers: idempotencyHeaders,
          params: idParams,
          querystring: jobAttachmentUpload,
          consumes: [...JOB_ATTACHMENT_TYPES, 'application/octet-stream'],
          body: fileBytes,
          response: { 201: jobAttachmentRecord, ...tenantErrors.update },
        },
      },
      async (request, reply) => {
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes)) throw validationFailed(jobAttachmentMessages.empty);
        const { id: jobId } = request.params;
        const { filename } = request.query;
        // An Idempotency-Key is bound to the upload's job, name and bytes (their hash, not the bytes themselves).
        const once = idempotencyScopeOf(request, {
          job: jobId,
          filename,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        });
        // A retry already answered is answered again before any work. Otherwise the job is checked before the work,
        // and again with the row: no file is made for a job one cannot see.
        const earlier = await inRequestTenant(db, request, async (tx, tenantId, member) => {
          const answered = await earlierAnswer<JobAttachment>(tx, once);
          if (!answered) await requireVisibleJob(tx, tenantId, jobId, member);
          return answered;
        });
        if (earlier) return sendAnswer(reply, earlier);
        const prepared = await prepareUpload(bytes);
        const id = await storeUpload(files, once.tenantId, prepared);
        // The files of an upload that made no row: none will, so they go now (a failure leaves them to the sweep).
        const unused = () =>
          deleteStored(files, {
            tenantId: once.tenantId,
            id,
            hasThumbnail: prepared.thumbnail !== null,
          }).catch((err: unknown) =>
            request.log.warn({ err }, "an upload's unused file stays in the store until the sweep"),
          );
        // The row, once per key (`createInRequest` claims the key with its transaction). A refusal (an ApiError,
        // thrown before the COMMIT: the job gone meanwhile, the key another request's) and a retry that met its first
        // request's answer here (the two at once) made no row. Any other failure may have come with the COMMIT: its
        // files are left to the sweep, which deletes them only if no row names them.
        const added = await createInRequest(
          db,
          request,
          (tx, tenant, member) => recordAttachment(tx, tenant, jobId, { id, filename, prepared }, member),
          { scope: once },
        ).catch(async (error: unknown) => {
          if (error instanceof ApiError) await unused();
          throw error;
        });
        if (added.replayed) await unused();
        return sendAnswer(reply, added);
      },
    );
  });

  for (const version of ['original', 'thumbnail'] as const) {
    api.get(
      version === 'original'
        ? '/jobs/:id/attachments/:attachmentId'
        : '/jobs/:id/attachments/:attachmentId/thumbnail',
      {
        schema: {
          operationId: version === 'original' ? 'getJobAttachment' : 'getJobAttachmentThumbnail',
          summary: version === 'original' ? 'A photo or file of the job' : "A photo's thumbnail (WebP)",
          description:
            version === 'original'
              ? 'The file as stored, with its type, `Content-Disposition` and `X-Content-Type-Options: nosniff`.'
              : 'At most 400 pixels a side. 404 for a PDF, which has none.',
          tags,
          params: fileParams,
          response: { 200: fileResponse('The bytes.'), ...tenantErrors.read },
        },
      },
      async (request, reply) => {
        const row = await inRequestTenant(db, request, (tx, tenantId, member) =>
          findAttachment(tx, tenantId, request.params.id, request.params.attachmentId, member),
        );
        if (version === 'thumbnail' && !row.hasThumbnail) throw notFound('thumbnail');
        const bytes = await files.get(fileKey(row.tenantId, row.id, version));
        return version === 'original'
          ? sendFile(reply, bytes, row.contentType, row.filename)
          : sendFile(reply, bytes, 'image/webp', `${row.filename.replace(/\.[^.]*$/, '')}-thumbnail.webp`);
      },
    );
  }

  const remove = deleteSchema({
    operationId: 'deleteJobAttachment',
    summary: 'Delete a photo or file of the job',
    description: 'The person who added it, an Owner or an Office member (403 for another Technician).',
    tags,
  });
  api.delete(
    '/jobs/:id/attachments/:attachmentId',
    { schema: { ...remove.schema, params: fileParams } },
    async (request, reply) => {
      const row = await inRequestTenant(db, request, (tx, tenantId, member) =>
        deleteAttachment(tx, tenantId, request.params.id, request.params.attachmentId, member),
      );
      await deleteStored(files, row).catch((err: unknown) =>
        request.log.warn({ err }, 'a deleted file stays in the store until the sweep'),
      );
      return reply.code(204).send(null);
    },
  );
}
