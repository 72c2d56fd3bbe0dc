import { idParams, jobNoteFields, jobNoteRecord, jobNoteUpdate } from '@fieldbook/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { replyCreated, replySaved } from '../../platform/http/idempotency.ts';
import { createSchema, deleteSchema, updateSchema } from '../../platform/http/route-schemas.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import { addJobNote, deleteJobNote, listJobNotes, saveJobNote } from './job-notes.ts';

const tags = ['jobs'];
const noteParams = idParams.extend({ noteId: z.string().describe('The note id (a UUID).') });

/** A job's notes: read and added by whoever may see the job, changed by their author, deleted by an Owner. */
export function registerJobNoteRoutes(api: Api, db: Db): void {
  api.get(
    '/jobs/:id/notes',
    {
      schema: {
        operationId: 'getJobNotes',
        summary: "The job's notes, newest first",
        description: 'Each with its author, and until when its author may still change it.',
        tags,
        params: idParams,
        response: { 200: z.array(jobNoteRecord), ...tenantErrors.read },
      },
    },
    (request) =>
      inRequestTenant(db, request, (tx, tenantId, member) =>
        listJobNotes(tx, tenantId, request.params.id, member),
      ),
  );

  const add = createSchema(
    {
      operationId: 'addJobNote',
      summary: 'Add a note to the job',
      description: 'Signed with the caller’s name. Honours `Idempotency-Key`.',
      tags,
    },
    jobNoteFields,
    jobNoteRecord,
  );
  api.post(
    '/jobs/:id/notes',
    {
      schema: { ...add.schema, params: idParams, response: { ...add.schema.response, ...tenantErrors.read } },
    },
    (request, reply) =>
      replyCreated(db, request, reply, (tx, tenantId, member) =>
        addJobNote(tx, tenantId, request.params.id, request.body, member),
      ),
  );

  const save = updateSchema(
    {
      operationId: 'saveJobNote',
      summary: "Change a note's text",
      description:
        'Only its author, in the 15 minutes after writing it (403 otherwise); carries the `updated` it read (409 when it changed since).',
      tags,
    },
    jobNoteUpdate,
    jobNoteRecord,
  );
  api.put('/jobs/:id/notes/:noteId', { schema: { ...save.schema, params: noteParams } }, (request, reply) =>
    replySaved(db, request, reply, (tx, tenantId, member) =>
      saveJobNote(tx, tenantId, request.params.id, request.params.noteId, request.body, member),
    ),
  );

  const remove = deleteSchema({ operationId: 'deleteJobNote', summary: 'Delete a note (Owners)', tags });
  api.delete(
    '/jobs/:id/notes/:noteId',
    { schema: { ...remove.schema, params: noteParams } },
    async (request, reply) => {
      await inRequestTenant(db, request, (tx, tenantId, member) =>
        deleteJobNote(tx, tenantId, request.params.id, request.params.noteId, member),
      );
      return reply.code(204).send(null);
    },
  );
}
