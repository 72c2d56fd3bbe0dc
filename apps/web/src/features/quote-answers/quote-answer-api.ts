import { type FieldError, isErrorBody, type PublicQuote } from '@fieldbook/domain';
import { NETWORK_FAILURE } from '../../lib/api-client';

/** What went wrong with a request of the public page: its message, and the field errors of a 400. */
export class AnswerError extends Error {
  readonly status: number;
  readonly fieldErrors: readonly FieldError[];

  constructor(status: number, message: string, fieldErrors: readonly FieldError[] = []) {
    super(message);
    this.name = 'AnswerError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/**
 * The public page's calls (`/api/public/quotes/{token}`): no sign-in, no token of the app's, so plain `fetch`
 * rather than the app's API client (which this page does not download).
 */
export function quoteAnswerApi(apiBaseUrl: string, token: string) {
  const base = `${apiBaseUrl.replace(/\/$/, '')}/public/quotes/${encodeURIComponent(token)}`;

  async function call(path: string, body?: unknown): Promise<PublicQuote> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      throw new AnswerError(0, NETWORK_FAILURE.replace('Fieldbook', 'The quote'));
    }
    const payload: unknown = await response.json().catch(() => null);
    if (response.ok) return payload as PublicQuote;
    if (isErrorBody(payload)) throw new AnswerError(response.status, payload.message, payload.fieldErrors);
    throw new AnswerError(response.status, `The quote could not be loaded (HTTP ${response.status}).`);
  }

  return {
    logoUrl: `${base}/logo`,
    /** The quote as a PDF (`quote-{number}.pdf`), a plain link: the browser downloads it. */
    pdfUrl: `${base}/pdf`,
    read: () => call(''),
    accept: (fields: { name: string; acceptTerms: boolean; option: string | null }) =>
      call('/accept', fields),
    decline: (fields: { reason: string | null }) => call('/decline', fields),
  };
}

export type QuoteAnswerApi = ReturnType<typeof quoteAnswerApi>;

/** What the quote page's parts are given: the API, the quote as last read, and what to do with an answered one. */
export interface QuoteAnswerProps {
  api: QuoteAnswerApi;
  quote: PublicQuote;
  onAnswered: (quote: PublicQuote) => void;
}

/** A failure as the page shows it: the API's own, else one that says to try again. */
export const asAnswerError = (error: unknown): AnswerError =>
  error instanceof AnswerError ? error : new AnswerError(0, 'Something went wrong. Please try again.');
