// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../testing/fixtures';
import { loadRuntimeConfig, parseRuntimeConfig } from './config';

describe('runtime config', () => {
  it('loads and validates /config.json', async () => {
    const fetchConfig = vi.fn<typeof fetch>().mockResolvedValue(Response.json(testConfig));

    await expect(loadRuntimeConfig(fetchConfig)).resolves.toEqual(testConfig);
    expect(fetchConfig).toHaveBeenCalledWith('/config.json', expect.anything());
  });

  it('accepts an optional auth error path and a same-origin API base', () => {
    const config = parseRuntimeConfig({ ...testConfig, apiBaseUrl: '/api', authErrorPath: '/signed-out' });

    expect(config.apiBaseUrl).toBe('/api');
    expect(config.authErrorPath).toBe('/signed-out');
  });

  it('names the setting that is wrong', () => {
    const { issuer: _issuer, ...withoutIssuer } = testConfig;

    expect(() => parseRuntimeConfig(withoutIssuer)).toThrow(/issuer/);
    expect(() => parseRuntimeConfig({ ...testConfig, helpUrl: 'not a url' })).toThrow(/helpUrl/);
  });

  it('fails when the server does not serve the config', async () => {
    const fetchConfig = vi.fn<typeof fetch>().mockResolvedValue(new Response('nope', { status: 404 }));

    await expect(loadRuntimeConfig(fetchConfig)).rejects.toThrow('Could not load /config.json (HTTP 404).');
  });
});
