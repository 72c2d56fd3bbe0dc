import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { listQuery } from '@fieldbook/domain';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;

/** The headers of every list response (architecture: API > Lists). */
const listResponseHeaders = {
  'Total-Count': {
    type: 'string',
    pattern: '^\\d+$',
    description:
      'How many records match the query in all (a whole number). A search of text counts its matches exactly ' +
      'up to 1000; past that this is `1000` and `Total-Count-Relation` is `gte`.',
  },
  'Total-Count-Relation': {
    type: 'string',
    enum: ['eq', 'gte'],
    description:
      '`gte`: at least `Total-Count` records match (a search of text stopped counting at 1000). Absent (or `eq`) ' +
      'when `Total-Count` is exact.',
  },
  Link: {
    type: 'string',
    description:
      'RFC 8288 links to the first, prev, next and last pages: `<url>; rel="next", …`. With ' +
      '`Total-Count-Relation: gte`, `next` while the page is full, and no `last`.',
  },
};

/**
 * Routes whose query string is the shared list query declare the list headers on their 200 response; a response
 * declared by its content (a file: `{ description, content, headers }`) keeps the headers it declares.
 */
const withResponseHeaders: Transform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const response = transformed.schema.response as Record<string, Record<string, unknown>> | undefined;
  if (document.schema?.querystring === listQuery && response?.['200']) {
    response['200'] = { ...response['200'], headers: listResponseHeaders };
  }
  const declared = (document.schema?.response ?? {}) as Record<
    string,
    { content?: unknown; headers?: unknown }
  >;
  for (const [status, { content, headers }] of Object.entries(declared)) {
    if (content && headers && response?.[status]) response[status] = { ...response[status], headers };
  }
  return transformed;
};

/**
 * The component schemas of the zod registry (`Error`), without the input twins that nothing uses: the
 * error body only ever leaves the server.
 */
const usedComponents: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return document as ReturnType<typeof jsonSchemaTransformObject>;
};

const tags = [
  { name: 'account', description: 'The signed-in user and their organisations.' },
  { name: 'customers', description: 'Customers: who the work is for and who is billed.' },
  { name: 'locations', description: "Customers' sites, where the work happens." },
  { name: 'items', description: 'The catalogue of labour, parts and services.' },
  {
    name: 'jobs',
    description: 'Jobs (work orders), their workflow and line items, priorities and territories.',
  },
  { name: 'addresses', description: 'Address suggestions for the location editor.' },
];

/**
 * The OpenAPI 3.0.3 document at /api/docs/json (browsable at /api/docs), generated from the routes' zod
 * schemas: every operation has an operationId and a summary, lists declare their headers, and every
 * error response is the one error schema (`Error`).
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Fieldbook API',
        version: '1.0.0',
        description:
          'Job management and invoicing for field-service businesses. Every call but `/me` and `/tenants` ' +
          "acts in the organisation named by the access token; another organisation's record is 404.",
        license: { name: 'Proprietary', url: `${publicUrl}/api/docs` },
      },
      servers: [{ url: publicUrl, description: 'This server' }],
      tags,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: withResponseHeaders,
    transformObject: usedComponents,
  });
  // Operations start collapsed under their tags: drawing every one of them at once (over 60) took the browser
  // seconds on a busy machine before the page showed anything.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
}
