// zod/mini keeps the start-up chunk small; it parses exactly as zod does.
import * as z from 'zod/mini';

// The Content-Security-Policy forbids eval, so zod's compiled parsers cannot run: it need not even probe for them.
z.config({ jitless: true });

const nonEmpty = () => z.string().check(z.minLength(1));

const pathOrUrl = z
  .string()
  .check(
    z.refine((value) => value.startsWith('/') || URL.canParse(value), 'must be an absolute URL or a path'),
  );

const runtimeConfigSchema = z.object({
  issuer: z.url(),
  clientId: nonEmpty(),
  apiBaseUrl: pathOrUrl,
  claimNamespace: nonEmpty(),
  scope: nonEmpty(),
  helpUrl: z.url(),
  authErrorPath: z.optional(z.string().check(z.startsWith('/'))),
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
