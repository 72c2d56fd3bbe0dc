import { afterEach, beforeEach, vi } from 'vitest';
import { configureApiClient } from '../lib/api-client';

/**
 * Replaces `fetch` for each test of the file and points the API client at `baseUrl` with a fixed token;
 * returns the mock to answer with (`mockResolvedValue(Response.json(…))`) and to read the calls from.
 */
export function stubFetch(baseUrl = 'http://localhost:3000/api', token = 'access-1') {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ baseUrl, getAccessToken: async () => token });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
