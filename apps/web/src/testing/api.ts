import {
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
  type Membership,
} from '@fieldbook/domain';
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApiClient } from '../lib/api-client';
import { testConfig } from './fixtures';
import { membership } from './records';

interface JsonResponseInit {
  status?: number;
  /** `Total-Count`, for a list. */
  total?: number;
  /** `Total-Count-Relation`: `gte` when the server counted only up to `total` (a free-text search). */
  relation?: 'eq' | 'gte';
  /** The `Link` header's URLs by relation (first, prev, next, last). */
  links?: Record<string, string>;
}

/** A JSON response as the API sends it; lists add `Total-Count` (and its relation and `Link`). */
export function jsonResponse(body: unknown, init: JsonResponseInit = {}): Response {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (init.total !== undefined) headers.set('Total-Count', String(init.total));
  if (init.relation) headers.set('Total-Count-Relation', init.relation);
  if (init.links) {
    const links = Object.entries(init.links).map(([relation, url]) => `<${url}>; rel="${relation}"`);
    headers.set('Link', links.join(', '));
  }
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/**
 * The API's error body (the domain's shape) with its code's status. Use the domain's `apiMessages` for the
 * messages the server takes from there, so a fake cannot say what the server never says.
 */
export function errorResponse(error: ErrorCode, message: string, fieldErrors: FieldError[] = []): Response {
  const body: ErrorBody = { error, message, fieldErrors };
  return jsonResponse(body, { status: ERROR_STATUS[error] });
}

export interface RecordedRequest {
  method: string;
  /** Path and query after the API base URL, e.g. `/customers?q=*&p=1&s=15`. */
  path: string;
  body: unknown;
  headers: Headers;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * Replaces `fetch` for the tests of one file: each test sets `api.handle` to answer requests and reads
 * `api.requests` to see what was sent. Unanswered requests fail the way a network failure does. GET /tenant (the
 * signed-in layout's membership) answers `api.membership`, an Owner's unless a test sets another, or null to
 * answer it with `api.handle`.
 */
export function installFakeApi() {
  const api = {
    requests: [] as RecordedRequest[],
    membership: membership() as Membership | null,
    handle: ((request) => {
      throw new TypeError(`No fake response for ${request.method} ${request.path}`);
    }) as Handler,
    /** The requests with this method, by path. */
    paths(method = 'GET'): string[] {
      return api.requests.filter((request) => request.method === method).map((request) => request.path);
    },
  };

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const base = new URL(testConfig.apiBaseUrl);
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: `${url.pathname.slice(base.pathname.length)}${decodeURIComponent(url.search.replaceAll('+', ' '))}`,
      body: text === undefined ? undefined : JSON.parse(text),
      headers: new Headers(init?.headers),
    };
    api.requests.push(request);
    if (request.method === 'GET' && request.path === '/tenant' && api.membership) {
      return jsonResponse(api.membership);
    }
    return api.handle(request);
  });

  beforeEach(() => {
    api.requests = [];
    api.membership = membership();
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ baseUrl: testConfig.apiBaseUrl, getAccessToken: async () => 'access-1' });
  });

  afterEach(() => {
    fetchMock.mockClear();
    vi.unstubAllGlobals();
  });

  return api;
}
