import { addressSuggestion, MAX_ADDRESS_SUGGESTIONS } from '@fieldbook/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authentication } from '../auth/authenticate.ts';
import type { AddressSuggester } from './address-suggester.ts';

const suggestQuery = z.object({
  q: z
    .string({ error: 'Type part of an address.' })
    .max(200, { error: 'Use at most 200 characters.' })
    .describe('What has been typed so far, e.g. "12 Smith St, Rich".'),
});

/** Fewer characters than this suggest nothing: too many places start with one letter. */
const MIN_QUERY_LENGTH = 2;

export function registerAddressRoutes(
  app: FastifyInstance,
  auth: Authentication,
  suggester: AddressSuggester,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/addresses/suggest',
    {
      onRequest: async (request) => {
        await auth.requireTenant(request);
      },
      schema: {
        tags: ['addresses'],
        description: `Up to ${MAX_ADDRESS_SUGGESTIONS} address suggestions: the organisation's own addresses first.`,
        querystring: suggestQuery,
        response: { 200: z.array(addressSuggestion) },
      },
    },
    async (request) => {
      const { tenantId } = await auth.requireTenant(request);
      const q = request.query.q.trim();
      if (q.length < MIN_QUERY_LENGTH) return [];
      return suggester.suggest(tenantId, q);
    },
  );
}
