import { addressSuggestion, MAX_ADDRESS_SUGGESTIONS } from '@fieldbook/domain';
import { z } from 'zod';
import { type Api, tenantCallerOf } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import type { AddressSuggester } from './address-suggester.ts';

const suggestQuery = z.object({
  q: z
    .string({ error: 'Type part of an address.' })
    .max(200, { error: 'Use at most 200 characters.' })
    .describe('What has been typed so far, e.g. "12 Smith St, Rich".'),
});

/** Fewer characters than this suggest nothing: too many places start with one letter. */
const MIN_QUERY_LENGTH = 2;

export function registerAddressRoutes(api: Api, suggester: AddressSuggester): void {
  api.get(
    '/addresses/suggest',
    {
      schema: {
        operationId: 'suggestAddresses',
        summary: 'Suggest addresses for what has been typed',
        tags: ['addresses'],
        description: `Up to ${MAX_ADDRESS_SUGGESTIONS} address suggestions: the organisation's own addresses first.`,
        querystring: suggestQuery,
        response: { 200: z.array(addressSuggestion), ...tenantErrors.with('VALIDATION_FAILED') },
      },
    },
    async (request) => {
      const q = request.query.q.trim();
      if (q.length < MIN_QUERY_LENGTH) return [];
      return suggester.suggest(tenantCallerOf(request), q);
    },
  );
}
