// @vitest-environment node
import { apiMessages } from '@fieldbook/domain';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/stub-fetch';
import {
  ApiRequestError,
  apiFetch,
  apiFetchList,
  configureApiClient,
  isRetryable,
  NETWORK_FAILURE,
  NetworkError,
  parseErrorBody,
  parseLinkHeader,
  SIGN_IN_AGAIN,
  SignInNeededError,
  UnexpectedResponseError,
} from './api-client';

const fetchMock = stubFetch('http://localhost:3000/api/', 'token-123');

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.lastCall ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

describe('apiFetch', () => {
  it('calls the API base URL with the bearer token and returns the JSON body', async () => {
    fetchMock.mockResolvedValue(Response.json({ subject: 'user-1', name: 'Sam' }));

    await expect(apiFetch('/me')).resolves.toEqual({ subject: 'user-1', name: 'Sam' });

    const { url, headers } = lastRequest();
    expect(url).toBe('http://localhost:3000/api/me');
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('a request that gets no response is a NetworkError saying so in words the user can act on', async () => {
    const offline = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValue(offline);

    const failure = await apiFetch('/customers/', { method: 'POST', json: {} }).catch((error) => error);

    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure).toMatchObject({ message: NETWORK_FAILURE, cause: offline });
  });

  it('lets an abort through as it is', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);

    await expect(apiFetch('/customers/c-1')).rejects.toBe(abort);
  });

  it('sends a JSON body and one Idempotency-Key for a creating POST', async () => {
    fetchMock.mockResolvedValue(Response.json({ tenantId: 't-1', tenantName: 'Acme' }, { status: 201 }));

    await apiFetch('/tenants', { method: 'POST', json: { name: 'Acme' }, idempotencyKey: 'key-1' });

    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Acme"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
  });

  it('makes a fresh Idempotency-Key for each submission when asked to', async () => {
    fetchMock.mockImplementation(async () => Response.json({}, { status: 201 }));

    await apiFetch('/tenants', { method: 'POST', json: {}, idempotencyKey: true });
    const first = lastRequest().headers.get('Idempotency-Key');
    await apiFetch('/tenants', { method: 'POST', json: {}, idempotencyKey: true });
    const second = lastRequest().headers.get('Idempotency-Key');

    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('omits the Authorization header when nobody is signed in', async () => {
    configureApiClient({ baseUrl: '/api', getAccessToken: async () => undefined });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(apiFetch('/health')).resolves.toBeUndefined();
    expect(lastRequest().url).toBe('/api/health');
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('throws the error shape of a failed call, with its field errors', async () => {
    const body = {
      error: 'VALIDATION_FAILED',
      message: apiMessages.invalidRequest,
      fieldErrors: [{ field: 'lines.3.price', message: 'Use at most 2 decimal places.' }],
    };
    fetchMock.mockResolvedValue(Response.json(body, { status: 400 }));

    const error = await apiFetch('/tenants', { method: 'POST', json: { name: '' } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', body, message: body.message });
    expect(error).toHaveProperty('fieldErrors', body.fieldErrors);
  });

  it('has no field errors for other codes', async () => {
    const body = { error: 'CONFLICT', message: apiMessages.staleSave('customer'), fieldErrors: [] };
    fetchMock.mockResolvedValue(Response.json(body, { status: 409 }));

    const error = await apiFetch('/customers/c-1', { method: 'PUT', json: {} }).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: body.message, fieldErrors: [] });
  });

  it('keeps a body that is not the error shape as its raw text', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));

    const error = await apiFetch('/me').catch((e: unknown) => e);

    expect(error).toMatchObject({
      status: 502,
      body: 'Bad gateway',
      message: 'Bad gateway',
      code: undefined,
    });
  });
});

describe('an ended or refused sign-in', () => {
  const expired = {
    error: 'UNAUTHENTICATED',
    message: 'The access token has expired.',
    fieldErrors: [],
  };

  it('sends a request refused for its token (401) once more with the renewed token', async () => {
    const renew = vi.fn(async () => 'token-2');
    configureApiClient({ baseUrl: '/api', getAccessToken: async () => 'token-1', renewAccessToken: renew });
    fetchMock
      .mockResolvedValueOnce(Response.json(expired, { status: 401 }))
      .mockResolvedValueOnce(Response.json({ id: 'job-1' }));

    await expect(
      apiFetch('/jobs/job-1', { method: 'PUT', json: { status: 'OPEN_COMPLETED' } }),
    ).resolves.toEqual({
      id: 'job-1',
    });
    expect(renew).toHaveBeenCalledWith('token-1');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer token-2');
    expect(lastRequest().init.body).toBe('{"status":"OPEN_COMPLETED"}');
  });

  it("never says the server's words about tokens: a 401 not renewed says to sign in again", async () => {
    configureApiClient({
      baseUrl: '/api',
      getAccessToken: async () => 'token-1',
      renewAccessToken: async () => undefined,
    });
    fetchMock.mockResolvedValue(Response.json(expired, { status: 401 }));

    const error = await apiFetch('/jobs/job-1').catch((e: unknown) => e);

    expect(fetchMock).toHaveBeenCalledOnce();
    expect(error).toMatchObject({ status: 401, body: expired, message: SIGN_IN_AGAIN });
    expect(SIGN_IN_AGAIN).toBe(
      'Your sign-in has ended. Sign in again (at the top of the page) to carry on: nothing you entered is lost.',
    );
  });

  it('sends nothing while the user must sign in again, and is not a failure to try again', async () => {
    configureApiClient({
      baseUrl: '/api',
      getAccessToken: async () => {
        throw new SignInNeededError();
      },
    });

    const error = await apiFetch('/jobs/job-1').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SignInNeededError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(isRetryable(error)).toBe(false);
  });
});

describe('apiFetchList', () => {
  it('returns the items with the total and pagination links from the headers', async () => {
    const first = 'http://localhost:3000/api/customers?q=*&p=1&s=15';
    const next = 'http://localhost:3000/api/customers?q=*&p=3&s=15';
    fetchMock.mockResolvedValue(
      Response.json([{ id: 'c-1' }, { id: 'c-2' }], {
        headers: { 'Total-Count': '47', Link: `<${first}>; rel="first", <${next}>; rel="next"` },
      }),
    );

    const page = await apiFetchList<{ id: string }>('/customers?q=*&p=2&s=15');

    expect(page.items).toEqual([{ id: 'c-1' }, { id: 'c-2' }]);
    expect(page.total).toBe(47);
    expect(page.atLeast).toBe(false);
    expect(page.links).toEqual({ first, next });
  });

  it('reads Total-Count-Relation: eq as an exact count', async () => {
    fetchMock.mockResolvedValue(
      Response.json([{ id: 'j-1' }], { headers: { 'Total-Count': '1000', 'Total-Count-Relation': 'eq' } }),
    );

    await expect(apiFetchList('/jobs?q=status:OPEN_NEW&p=1&s=10')).resolves.toMatchObject({
      total: 1000,
      atLeast: false,
    });
  });

  it('reads Total-Count-Relation: gte as at least the count sent, with no last page', async () => {
    const first = 'http://localhost:3000/api/jobs?q=pipe&p=1&s=50';
    const next = 'http://localhost:3000/api/jobs?q=pipe&p=2&s=50';
    fetchMock.mockResolvedValue(
      Response.json([{ id: 'j-1' }], {
        headers: {
          'Total-Count': '1000',
          'Total-Count-Relation': 'gte',
          Link: `<${first}>; rel="first", <${next}>; rel="next"`,
        },
      }),
    );

    await expect(apiFetchList('/jobs?q=pipe&p=1&s=50')).resolves.toEqual({
      items: [{ id: 'j-1' }],
      total: 1000,
      atLeast: true,
      links: { first, next },
    });
  });

  it('fails, instead of showing an empty list, when the body is not an array', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ items: [{ id: 'c-1' }] }, { headers: { 'Total-Count': '1' } }),
    );

    await expect(apiFetchList('/customers?q=*&p=1&s=15')).rejects.toThrow(UnexpectedResponseError);
  });

  it('falls back to the number of items, exactly, when Total-Count and its relation are absent', async () => {
    fetchMock.mockResolvedValue(Response.json([{ id: 'c-1' }]));

    await expect(apiFetchList('/customers')).resolves.toEqual({
      items: [{ id: 'c-1' }],
      total: 1,
      atLeast: false,
      links: {},
    });
  });
});

describe('parseLinkHeader', () => {
  it('reads several relations, unquoted rel values and URLs containing commas', () => {
    const header = '</api/jobs?q=a,b&p=1>; rel="first prev", </api/jobs?q=a,b&p=4>; rel=last';

    expect(parseLinkHeader(header)).toEqual({
      first: '/api/jobs?q=a,b&p=1',
      prev: '/api/jobs?q=a,b&p=1',
      last: '/api/jobs?q=a,b&p=4',
    });
  });

  it('returns no links for a missing header', () => {
    expect(parseLinkHeader(null)).toEqual({});
  });
});

describe('parseErrorBody', () => {
  it("reads the domain's error shape", () => {
    const body = {
      error: 'NOT_FOUND',
      message: apiMessages.notFound('customer'),
      fieldErrors: [],
    };

    expect(parseErrorBody(JSON.stringify(body))).toEqual(body);
  });

  it('keeps a body that is not that shape (unknown code, field error without a field) as its text', () => {
    const unknownCode = JSON.stringify({ error: 'TEAPOT', message: 'I am a teapot', fieldErrors: [] });
    const noField = JSON.stringify({
      error: 'VALIDATION_FAILED',
      message: 'Invalid',
      fieldErrors: [{ message: 'Rate is required.' }],
    });

    expect(parseErrorBody(unknownCode)).toBe(unknownCode);
    expect(parseErrorBody(noField)).toBe(noField);
    expect(parseErrorBody('<html>Bad gateway</html>')).toBe('<html>Bad gateway</html>');
  });
});

describe('isRetryable', () => {
  it('is a failure that the same request might not meet again: no answer, a 5xx, an answer of the wrong shape', () => {
    expect(isRetryable(new NetworkError(new TypeError('Failed to fetch')))).toBe(true);
    expect(
      isRetryable(
        new ApiRequestError(503, {
          error: 'SERVICE_UNAVAILABLE',
          message: apiMessages.databaseUnavailable,
          fieldErrors: [],
        }),
      ),
    ).toBe(true);
    expect(isRetryable(new ApiRequestError(502, '<html>Bad gateway</html>'))).toBe(true);
    expect(isRetryable(new UnexpectedResponseError('GET /items did not return a list.'))).toBe(true);
  });

  it('is not a refusal of the request, which would come back the same', () => {
    expect(
      isRetryable(new ApiRequestError(409, { error: 'CONFLICT', message: 'Changed.', fieldErrors: [] })),
    ).toBe(false);
    expect(isRetryable(new ApiRequestError(404, 'Not Found'))).toBe(false);
  });
});
