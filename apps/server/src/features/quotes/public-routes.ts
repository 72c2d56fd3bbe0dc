import {
  publicQuoteRecord,
  quoteAcceptFields,
  quoteAnswerMessages,
  quoteDeclineFields,
} from '@fieldbook/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import { ApiError, notFound } from '../../platform/http/errors.ts';
import {
  acceptQuote,
  declineQuote,
  quoteLinkKey,
  readPublicQuote,
  readQuoteLogo,
  readQuotePdfSource,
} from './quote-links.ts';

/** How fast the public pages may be asked (the sign-in throttle's `beginQuoteLink`). */
export interface QuoteLinkThrottle {
  beginQuoteLink(
    link: string,
    address: string,
    answering: boolean,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

/**
 * How the quote's PDF is made: by the documents feature, which reads quotes, so it is handed in (`app.ts`) rather
 * than imported. `read` runs in a transaction of the quote's organisation; `render` after it, off the request path.
 */
export interface QuotePdfs<Source> {
  read(tx: Tx, tenantId: string, id: string): Promise<Source>;
  render(source: Source): Promise<Uint8Array>;
}

/**
 * A render's failure as the customer reads it: a template's fault or a limit is the business's to fix, not theirs
 * (422, saying the quote is still there to answer); a busy renderer keeps its status and `Retry-After`.
 */
function forTheCustomer(error: unknown): never {
  if (!(error instanceof ApiError)) throw error;
  if (error.code === 'DOCUMENT_FAILED') throw new ApiError('DOCUMENT_FAILED', quoteAnswerMessages.pdfFailed);
  if (error.code === 'RATE_LIMITED' || error.code === 'SERVICE_UNAVAILABLE')
    throw new ApiError(error.code, 'Too many requests. Please wait a moment and try again.', [], {
      retryAfterSeconds: error.retryAfterSeconds,
    });
  throw error;
}

const tags = ['quote links'];
/** No sign-in: the OpenAPI document's bearer token is not asked for. */
const security: { bearer: string[] }[] = [];
const params = z.object({ token: z.string().max(200) });
const errors = errorResponses('VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'INTERNAL');

const about =
  'For whoever holds the link a quote email gave (`/q/{token}`): no sign-in. A token that is not one, was replaced ' +
  "by a later email, or is another organisation's, is the same 404. Requests are limited per network address, and " +
  'answers per link as well (429 with `Retry-After`).';

/** `GET /public/quotes/{token}`, its logo and PDF, and the customer's answer: accept or decline, once. */
export function registerPublicQuoteRoutes<Source>(
  api: Api,
  db: Db,
  throttle: QuoteLinkThrottle,
  publicUrl: string,
  pdfs: QuotePdfs<Source>,
): void {
  const admit = async (token: string, address: string, answering: boolean) => {
    const admission = await throttle.beginQuoteLink(quoteLinkKey(token), address, answering);
    if (!admission.allowed)
      throw new ApiError('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.', [], {
        retryAfterSeconds: admission.retryAfterSeconds,
      });
  };
  // The page is the customer's, not for search engines.
  const unindexed = (reply: FastifyReply) => reply.header('x-robots-tag', 'noindex, nofollow');

  api.get(
    '/public/quotes/:token',
    {
      schema: {
        operationId: 'getPublicQuote',
        summary: 'The quote a link opens, as its page shows it',
        description: `The organisation's name, the quote, its lines and options, and whether it can be answered (\`state\`). ${about}`,
        tags,
        security,
        params,
        response: { 200: publicQuoteRecord, ...errors },
      },
    },
    async (request, reply) => {
      await admit(request.params.token, request.ip, false);
      unindexed(reply);
      return readPublicQuote(db, request.params.token);
    },
  );

  api.get(
    '/public/quotes/:token/logo',
    {
      schema: {
        operationId: 'getPublicQuoteLogo',
        summary: "The logo of the quote's organisation",
        description: `404 when it has none. ${about}`,
        tags,
        security,
        params,
        response: { 200: z.any().describe('The logo, PNG or JPEG.'), ...errors },
      },
    },
    async (request, reply) => {
      await admit(request.params.token, request.ip, false);
      const logo = await readQuoteLogo(db, request.params.token);
      if (!logo) throw notFound('logo');
      return unindexed(reply)
        .type(logo.type)
        .header('cache-control', 'private, max-age=300')
        .send(logo.bytes);
    },
  );

  api.get(
    '/public/quotes/:token/pdf',
    {
      schema: {
        operationId: 'getPublicQuotePdf',
        summary: 'The quote as a PDF',
        description:
          "The quote from its organisation's default quote template, as the office downloads it, saved as " +
          '`quote-{number}.pdf`. While the quote is open, expired or answered; a withdrawn quote (a Draft again) is ' +
          `409. A template that fails is a 422 saying the quote can still be read and answered. ${about}`,
        tags,
        security,
        params,
        response: {
          200: {
            description: 'The quote as a PDF.',
            content: {
              'application/pdf': {
                schema: z.custom<Uint8Array>().meta({ type: 'string', format: 'binary' }),
              },
            },
          },
          ...errorResponses(
            'NOT_FOUND',
            'CONFLICT',
            'DOCUMENT_FAILED',
            'RATE_LIMITED',
            'SERVICE_UNAVAILABLE',
            'INTERNAL',
          ),
        },
      },
    },
    async (request, reply) => {
      await admit(request.params.token, request.ip, false);
      const { number, source } = await readQuotePdfSource(db, request.params.token, pdfs.read);
      // The render waits outside the API's queue: its place goes to the next request.
      request.handBackPlace();
      const pdf = await pdfs.render(source).catch(forTheCustomer);
      return unindexed(reply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="quote-${number}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  api.post(
    '/public/quotes/:token/accept',
    {
      schema: {
        operationId: 'acceptPublicQuote',
        summary: 'Accept the quote',
        description:
          'The customer types their name and ticks that they accept the terms; a quote with options needs `option`, ' +
          "one of them. The name, the time, the option and the client's address are kept, the quote becomes " +
          'Accepted, and the organisation is told by email (its outbox). Only a Sent quote that has not expired: ' +
          `anything else is 409 saying why (a second answer too). ${about}`,
        tags,
        security,
        params,
        body: quoteAcceptFields,
        response: { 200: publicQuoteRecord, ...errors },
      },
    },
    async (request, reply) => {
      await admit(request.params.token, request.ip, true);
      unindexed(reply);
      return acceptQuote(db, request.params.token, request.body, request.ip, publicUrl);
    },
  );

  api.post(
    '/public/quotes/:token/decline',
    {
      schema: {
        operationId: 'declinePublicQuote',
        summary: 'Decline the quote',
        description:
          'With a reason if the customer gives one. The quote becomes Declined and the organisation is told by email. ' +
          `Only a Sent quote that has not expired: anything else is 409 saying why. ${about}`,
        tags,
        security,
        params,
        body: quoteDeclineFields,
        response: { 200: publicQuoteRecord, ...errors },
      },
    },
    async (request, reply) => {
      await admit(request.params.token, request.ip, true);
      unindexed(reply);
      return declineQuote(db, request.params.token, request.body, publicUrl);
    },
  );
}
