import {
  type ConflictReason,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
  isErrorBody,
} from '@fieldbook/domain';
import { noteServerDate } from './server-clock';

/**
 * What the user reads when their sign-in has ended (the identity provider wants them to sign in again, or the server
 * refused the token): never the server's words about tokens.
 */
export const SIGN_IN_AGAIN =
  'Your sign-in has ended. Sign in again (at the top of the page) to carry on: nothing you entered is lost.';

/**
 * A non-2xx API response. `body` is the API's error shape, or the raw text when it is not that shape. A 401's
 * message is `SIGN_IN_AGAIN` (its body keeps the server's reason).
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ErrorBody | string;

  constructor(status: number, body: ErrorBody | string) {
    super(
      status === 401
        ? SIGN_IN_AGAIN
        : typeof body === 'string'
          ? body || `Request failed (HTTP ${status}).`
          : body.message,
    );
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }

  /** The error code (VALIDATION_FAILED, FORBIDDEN, …), when the body has one. */
  get code(): ErrorCode | undefined {
    return typeof this.body === 'string' ? undefined : this.body.error;
  }

  /** Which conflict a 409 is (`STALE_SAVE`, `IDEMPOTENCY_REUSED`), when the body says. */
  get reason(): ConflictReason | undefined {
    return typeof this.body === 'string' ? undefined : this.body.reason;
  }

  /** The field errors of a VALIDATION_FAILED (dotted paths such as `lines.3.price`); none otherwise. */
  get fieldErrors(): readonly FieldError[] {
    return typeof this.body !== 'string' && this.body.error === 'VALIDATION_FAILED'
      ? this.body.fieldErrors
      : [];
  }
}

/** What the user reads when a request got no answer at all. */
export const NETWORK_FAILURE = 'Fieldbook could not be reached. Check your connection, then try again.';

/** What a search says while it waits for the network (TanStack Query pauses it, and runs it when it is back). */
export const OFFLINE_SEARCH = 'You are offline. The search will run when the connection is back.';

/**
 * A request that got no response: the device is offline or the server could not be reached. Its message is
 * for the user ('Failed to fetch' is not); the browser's own error is the `cause`.
 */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(NETWORK_FAILURE, { cause });
    this.name = 'NetworkError';
  }
}

/**
 * No request went: the sign-in has ended and the user must sign in again (the auth client asks them, above the
 * page). A read waits for it (the app holds reads back meanwhile); a save says so, what was typed still there.
 */
export class SignInNeededError extends Error {
  constructor() {
    super(SIGN_IN_AGAIN);
    this.name = 'SignInNeededError';
  }
}

/** A 2xx response whose body is not what the endpoint promises (a list that is not an array). */
export class UnexpectedResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnexpectedResponseError';
  }
}

/**
 * A failure that may pass if the same request is sent again: anything but the server's refusal of the request
 * itself (a 4xx, which would come back the same). So: no answer at all, a server that cannot serve it now (a 5xx,
 * such as a 503 SERVICE_UNAVAILABLE with Retry-After), an answer of the wrong shape. A repeated create is safe:
 * it carries the same Idempotency-Key. Not a sign-in that has ended: that waits for the user.
 */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiRequestError && error.status < 500) && !(error instanceof SignInNeededError);
}

export interface ApiRequestOptions extends Omit<RequestInit, 'body'> {
  /** Sent as JSON with a matching Content-Type. */
  json?: unknown;
  body?: BodyInit;
  /** For creating POSTs: a key per form submission, or `true` to make a fresh one. */
  idempotencyKey?: string | true;
}

/** Pagination links from the `Link` header, by relation (first, prev, next, last). */
export type PageLinks = Record<string, string>;

export interface ListPage<T> {
  items: T[];
  /** `Total-Count`: the number of matches, or with `atLeast` the most the server counted (1,000). */
  total: number;
  /**
   * `Total-Count-Relation: gte`: there are at least `total` matches (a free-text search past what the server
   * counts exactly); the `Link` header then has no `last`, and `next` while the page is full. False for `eq` or
   * no header (an older server): `total` is exact.
   */
  atLeast: boolean;
  links: PageLinks;
}

interface ApiClientSettings {
  baseUrl: string;
  /** The token to send; throws `SignInNeededError` when the user must sign in again first. */
  getAccessToken: () => Promise<string | undefined>;
  /**
   * After the server refused `refused` (401): a renewed token to send the request again with once, or undefined;
   * throws `SignInNeededError` when the provider wants the user to sign in again.
   */
  renewAccessToken?: (refused: string) => Promise<string | undefined>;
}

let settings: ApiClientSettings | null = null;

/** Called once at start-up with the API base URL and the source of the bearer token. */
export function configureApiClient(next: ApiClientSettings): void {
  settings = next;
}

/** Calls the API and returns the parsed JSON body; throws `ApiRequestError` on a non-2xx status. */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await readBody(response)) as T;
}

/**
 * Calls an endpoint that answers with a file (a PDF) and returns it as a blob. A failure is read as text and
 * parsed as the error shape, as for any call: a 422 DOCUMENT_FAILED says why the document could not be made.
 */
export async function apiFetchBlob(path: string, options: ApiRequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}

/**
 * `apiFetchBlob` with the response's headers, for a file whose headers say what it holds (an export's
 * `Xero-Count`); the API exposes those to the browser (CORS).
 */
export async function apiFetchFile(
  path: string,
  options: ApiRequestOptions = {},
): Promise<{ file: Blob; headers: Headers }> {
  const response = await send(path, options);
  return { file: await response.blob(), headers: response.headers };
}

/** Calls a list endpoint: the array body plus the `Total-Count`, `Total-Count-Relation` and `Link` headers. */
export async function apiFetchList<T>(path: string, options: ApiRequestOptions = {}): Promise<ListPage<T>> {
  const response = await send(path, options);
  const body = await readBody(response);
  if (!Array.isArray(body)) {
    // An empty list would say "No customers found." about a response that said nothing of the kind.
    throw new UnexpectedResponseError(`GET ${path} did not return a list.`);
  }
  const items = body as T[];
  return {
    items,
    total: parseTotalCount(response.headers.get('Total-Count')) ?? items.length,
    atLeast: response.headers.get('Total-Count-Relation')?.trim().toLowerCase() === 'gte',
    links: parseLinkHeader(response.headers.get('Link')),
  };
}

async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  if (!settings) {
    throw new Error('The API client is not configured.');
  }
  const { json, idempotencyKey, headers: initHeaders, body, ...init } = options;
  const headers = new Headers(initHeaders);
  // JSON unless the caller asks for a file (a PDF, with JSON for its errors).
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = await settings.getAccessToken();
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
  }
  if (idempotencyKey) {
    headers.set('Idempotency-Key', idempotencyKey === true ? crypto.randomUUID() : idempotencyKey);
  }
  let requestBody = body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(json);
  }
  const url = joinUrl(settings.baseUrl, path);
  let response = await fetchOrFail(url, { ...init, headers, body: requestBody });
  // A token refused (it expired on the way, or its renewal failed unseen): renewed, the request goes once more.
  if (response.status === 401 && token && settings.renewAccessToken) {
    const renewed = await settings.renewAccessToken(token);
    if (renewed && renewed !== token) {
      headers.set('Authorization', `Bearer ${renewed}`);
      response = await fetchOrFail(url, { ...init, headers, body: requestBody });
    }
  }
  if (!response.ok) {
    throw new ApiRequestError(response.status, parseErrorBody(await response.text()));
  }
  return response;
}

async function fetchOrFail(url: string, init: RequestInit): Promise<Response> {
  try {
    const sentAt = Date.now();
    const response = await fetch(url, init);
    noteServerDate(response.headers.get('Date'), sentAt, Date.now());
    return response;
  } catch (error) {
    // An abort is the caller's own doing (a query cancelled by navigation), not a failure to report.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) {
    return undefined;
  }
  const text = await response.text();
  if (!text) {
    return undefined;
  }
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

/** Reads the API's error shape from a response body; anything else comes back as the raw text. */
export function parseErrorBody(text: string): ErrorBody | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  return isErrorBody(value) ? value : text;
}

export function parseTotalCount(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) {
    return undefined;
  }
  return Number(header.trim());
}

/** Parses an RFC 8288 `Link` header: `<url>; rel="next", <url>; rel="last"`. */
export function parseLinkHeader(header: string | null): PageLinks {
  const links: PageLinks = {};
  if (!header) {
    return links;
  }
  for (const match of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const [, url = '', params = ''] = match;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').split(/\s+/).filter(Boolean);
    for (const relation of relations) {
      links[relation.toLowerCase()] = url;
    }
  }
  return links;
}
