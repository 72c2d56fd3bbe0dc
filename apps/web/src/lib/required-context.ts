import { createContext, use } from 'react';

/**
 * A React context that must be provided, and its hook: the hook throws (naming the provider) when a
 * component is rendered outside it, instead of handing it a null to check.
 */
export function requiredContext<T>(hook: string, provider: string) {
  const Context = createContext<T | null>(null);
  const useValue = (): T => {
    const value = use(Context);
    if (!value) throw new Error(`${hook} must be used inside ${provider}.`);
    return value;
  };
  return [Context, useValue] as const;
}
