import { expect, type Page } from '@playwright/test';
import { DEMO, openSignedIn } from './sign-in.ts';

/** The API as the signed-in page calls it: the page's own bearer token, lent to the test. */
export interface PageApi {
  get: (path: string) => Promise<unknown>;
  post: (path: string, data: unknown) => Promise<{ id: string }>;
  put: (path: string, data: unknown) => Promise<unknown>;
}

/**
 * Opens `path` signed in (the demo user, or `credentials`) and lends the test the page's bearer token, to make
 * records through the API as a colleague would.
 */
export async function openSignedInWithApi(
  page: Page,
  path: string,
  credentials: { email: string; password: string } = DEMO,
): Promise<PageApi> {
  return lendPageApi(page, () => openSignedIn(page, path, credentials));
}

/**
 * Runs `open`, which signs the page in and shows a screen (`signUpWithNewOrganisation` for a fresh organisation),
 * and lends the test the bearer token of the page's first API call.
 */
export async function lendPageApi(page: Page, open: () => Promise<unknown>): Promise<PageApi> {
  const firstCall = page.waitForRequest((request) => request.url().includes('/api/'));
  await open();
  const headers = { Authorization: (await (await firstCall).headerValue('authorization')) ?? '' };
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, typed by each caller.
  const call = async (response: Awaited<ReturnType<Page['request']['get']>>): Promise<any> => {
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  return {
    get: async (path) => call(await page.request.get(path, { headers })),
    post: async (path, data) => call(await page.request.post(path, { headers, data })),
    put: async (path, data) => call(await page.request.put(path, { headers, data })),
  };
}
