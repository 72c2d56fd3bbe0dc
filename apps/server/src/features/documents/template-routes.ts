import { templateFields, templateRecord, templateSummary, templateUpdate } from '@fieldbook/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { replyCreated, replySaved } from '../../platform/http/idempotency.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
import { createSchema, updateSchema } from '../../platform/http/route-schemas.ts';
import { inRequestTenant, samePathId } from '../../platform/http/tenant-requests.ts';
import type { Renderer } from '../../platform/renderer/renderer.ts';
import {
  checkTemplateUpdate,
  createTemplate,
  deleteTemplate,
  findTemplate,
  templateList,
  updateTemplate,
} from '../organisation/index.ts';
import { fileBytes } from './document-responses.ts';
import { renderDocument } from './documents.ts';
import { formSource } from './template-previews.ts';

const tags = ['templates'];
const checked =
  "The body is Typst markup, rendered against the organisation's latest record of its document (else a sample) " +
  "before it is saved: a body that does not compile is a 400 whose field error on `body` gives the compiler's line. " +
  "The render counts as one of the organisation's documents being made (429 when it has too many at once).";
/** What a render can answer besides the usual: its template fails or breaks a limit, or too many are being made. */
const renderErrors = tenantErrors.with('VALIDATION_FAILED', 'DOCUMENT_FAILED', 'RATE_LIMITED');
/** A create's or a save's schema with those errors among its responses. */
function withRenderErrors<Schema extends { response: { 200: unknown } | { 201: unknown } }>(schema: Schema) {
  return { ...schema, response: { ...renderErrors, ...schema.response } };
}
/** A template is text; a body is at most 200,000 characters, and a request a little more. */
const BODY_LIMIT = 512 * 1024;

export function registerTemplateRoutes(api: Api, db: Db, renderer: Renderer): void {
  /**
   * Renders the form's template as the organisation's documents would be, refusing one that fails. The render
   * waits in the renderer's queue, not in the API's: the request's place goes to the next request meanwhile.
   */
  const render = async (
    request: FastifyRequest,
    fields: z.output<typeof templateFields>,
    format: 'pdf' | 'svg',
    saving?: string,
  ) => {
    const source = await inRequestTenant(db, request, async (tx, tenantId) => {
      if (saving) await checkTemplateUpdate(tx, tenantId, saving, fields);
      return formSource(tx, tenantId, fields);
    });
    request.handBackPlace();
    return renderDocument(renderer, source, format);
  };

  const create = {
    operationId: 'createTemplate',
    summary: 'Create a document template',
    description: `${checked} \`default: true\` makes it the default for its document. Honours \`Idempotency-Key\`.`,
    tags,
  };
  api.post(
    '/templates',
    {
      schema: withRenderErrors(createSchema(create, templateFields, templateRecord).schema),
      bodyLimit: BODY_LIMIT,
    },
    async (request, reply) => {
      await render(request, request.body, 'pdf');
      await request.takePlaceAgain();
      return replyCreated(db, request, reply, (tx, tenantId) => createTemplate(tx, tenantId, request.body));
    },
  );

  const save = {
    operationId: 'updateTemplate',
    summary: 'Save a document template',
    description: `${checked} A default template stays the default until another is made the default.`,
    tags,
  };
  api.put(
    '/templates/:id',
    {
      schema: withRenderErrors(updateSchema(save, templateUpdate, templateRecord).schema),
      bodyLimit: BODY_LIMIT,
    },
    async (request, reply) => {
      samePathId(request.params.id, request.body);
      await render(request, request.body, 'pdf', request.params.id);
      await request.takePlaceAgain();
      return replySaved(db, request, reply, (tx, tenantId) =>
        updateTemplate(tx, tenantId, request.params.id, request.body),
      );
    },
  );

  registerRecordRoutes(api, db, {
    path: '/templates',
    name: 'Template',
    tags,
    record: templateRecord,
    list: {
      summary: 'List or search the document templates, by name',
      list: templateList,
      record: templateSummary,
    },
    read: { summary: 'Get a document template', command: findTemplate },
    remove: {
      summary: 'Delete a document template',
      description: 'Refused with 409 for a default template.',
      command: deleteTemplate,
    },
  });

  api.post(
    '/templates/preview',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        operationId: 'previewTemplate',
        summary: 'Preview a template',
        description:
          "Renders the form's fields against the organisation's latest record of its document (else a realistic sample): " +
          'a PDF (`invoice-preview.pdf`), or SVG when the request accepts `image/svg+xml` and not `application/pdf`. A body that does ' +
          "not compile is a 400 on `body` with the compiler's line; a render over a limit is a 422.",
        tags,
        body: templateFields,
        response: {
          200: {
            description: 'The rendered document: a PDF, or SVG.',
            content: { 'application/pdf': { schema: fileBytes }, 'image/svg+xml': { schema: z.string() } },
          },
          ...renderErrors,
        },
      },
    },
    async (request, reply) => {
      const accept = request.headers.accept ?? '';
      const svg = accept.includes('image/svg+xml') && !accept.includes('application/pdf');
      const output = await render(request, request.body, svg ? 'svg' : 'pdf');
      reply.header('cache-control', 'no-store');
      if (svg) return reply.type('image/svg+xml').send(output);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="invoice-preview.pdf"')
        .send(Buffer.from(output as Uint8Array));
    },
  );
}
