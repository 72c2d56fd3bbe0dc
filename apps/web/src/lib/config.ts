import { createContext, use } from 'react';
import { z } from 'zod';

const pathOrUrl = z
  .string()
  .refine((value) => value.startsWith('/') || URL.canParse(value), 'must be an absolute URL or a path');

const runtimeConfigSchema = z.object({
  issuer: z.url(),
  clientId: z.string().min(1),
  apiBaseUrl: pathOrUrl,
  claimNamespace: z.string().min(1),
  scope: z.string().min(1),
  helpUrl: z.url(),
  authErrorPath: z.string().startsWith('/').optional(),
});

/** Settings the server publishes at /config.json, read once at start-up. */
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(value);
  if (!result.success) {
    throw new Error(`Invalid /config.json: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) {
    throw new Error(`Could not load /config.json (HTTP ${response.status}).`);
  }
  return parseRuntimeConfig(await response.json());
}

export const ConfigContext = createContext<RuntimeConfig | null>(null);

export function useConfig(): RuntimeConfig {
  const config = use(ConfigContext);
  if (!config) {
    throw new Error('useConfig must be used inside <ConfigContext>.');
  }
  return config;
}
