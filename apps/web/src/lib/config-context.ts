import type { RuntimeConfig } from './config';
import { requiredContext } from './required-context';

/** The runtime config, read once at start-up. */
export const [ConfigContext, useConfig] = requiredContext<RuntimeConfig>('useConfig', '<ConfigContext>');
