/**
 * Settings the server publishes at /config.json, read once at start-up. Checked by hand rather than with zod:
 * this runs before anything else, and zod would more than double what the first screen downloads.
 */
export interface RuntimeConfig {
  issuer: string;
  clientId: string;
  apiBaseUrl: string;
  claimNamespace: string;
  scope: string;
  helpUrl: string;
  authErrorPath?: string | undefined;
}

const isUrl = (value: string) => URL.canParse(value);
const isPath = (value: string) => value.startsWith('/');

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const settings = new Map(typeof value === 'object' && value !== null ? Object.entries(value) : []);
  const problems: string[] = [];
  /** The setting `name` when it is text that passes `valid`; otherwise its problem is noted. */
  const read = (name: keyof RuntimeConfig, valid: (value: string) => boolean, problem: string): string => {
    const setting = settings.get(name);
    if (typeof setting === 'string' && setting !== '' && valid(setting)) return setting;
    problems.push(`${name} ${problem}`);
    return '';
  };
  const anyText = () => true;
  const config: RuntimeConfig = {
    issuer: read('issuer', isUrl, 'must be an absolute URL'),
    clientId: read('clientId', anyText, 'must be a non-empty string'),
    apiBaseUrl: read('apiBaseUrl', (v) => isPath(v) || isUrl(v), 'must be an absolute URL or a path'),
    claimNamespace: read('claimNamespace', anyText, 'must be a non-empty string'),
    scope: read('scope', anyText, 'must be a non-empty string'),
    helpUrl: read('helpUrl', isUrl, 'must be an absolute URL'),
  };
  if (settings.get('authErrorPath') !== undefined) {
    config.authErrorPath = read('authErrorPath', isPath, 'must be a path');
  }
  if (problems.length > 0) {
    throw new Error(`Invalid /config.json: ${problems.join('; ')}.`);
  }
  return config;
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
