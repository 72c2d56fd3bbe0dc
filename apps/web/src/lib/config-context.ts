import { createContext, use } from 'react';
import type { RuntimeConfig } from './config';

export const ConfigContext = createContext<RuntimeConfig | null>(null);

/** The runtime config, read once at start-up. */
export function useConfig(): RuntimeConfig {
  const config = use(ConfigContext);
  if (!config) {
    throw new Error('useConfig must be used inside <ConfigContext>.');
  }
  return config;
}
