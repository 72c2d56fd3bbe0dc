import type { LightMyRequestResponse } from 'fastify';
import { bearer } from './factories.ts';
import type { TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A caller of the API with one token, as the web app would call it. */
export function apiAs(t: TestApp, token: string | undefined) {
  const call = (
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown, headers?: Record<string, string>) =>
      call('POST', url, payload, headers),
    put: (url: string, payload: unknown, headers?: Record<string, string>) =>
      call('PUT', url, payload, headers),
    delete: (url: string) => call('DELETE', url),
  };
}

export type ApiClient = ReturnType<typeof apiAs>;

/** The field names of an error response's field errors, in order. */
export const fieldsOf = (response: LightMyRequestResponse): string[] =>
  (response.json() as { fieldErrors: { field: string }[] }).fieldErrors.map((error) => error.field);
