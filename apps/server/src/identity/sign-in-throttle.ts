/**
 * Slows password guessing: after too many failed sign-ins for one email, or from one address, within a
 * window, further attempts are refused until the window has passed. Kept in the process's memory: with
 * several server processes each counts its own share, which still bounds guessing by a small factor.
 */
export interface SignInThrottleOptions {
  maxFailuresPerEmail: number;
  maxFailuresPerAddress: number;
  windowMs: number;
  now?: () => number;
}

interface Window {
  failures: number;
  resetsAt: number;
}

export function createSignInThrottle(options: SignInThrottleOptions) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();

  const current = (key: string): Window | undefined => {
    const window = windows.get(key);
    if (window && window.resetsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  const keys = (email: string, address: string) => [
    `email:${email.trim().toLowerCase()}`,
    `address:${address}`,
  ];

  return {
    /** True while this email or address has used up its failed attempts. */
    isBlocked(email: string, address: string): boolean {
      const [byEmail = '', byAddress = ''] = keys(email, address);
      return (
        (current(byEmail)?.failures ?? 0) >= options.maxFailuresPerEmail ||
        (current(byAddress)?.failures ?? 0) >= options.maxFailuresPerAddress
      );
    },
    recordFailure(email: string, address: string): void {
      for (const key of keys(email, address)) {
        const window = current(key) ?? { failures: 0, resetsAt: now() + options.windowMs };
        window.failures += 1;
        windows.set(key, window);
      }
      if (windows.size > 100_000) {
        for (const [key, window] of windows) if (window.resetsAt <= now()) windows.delete(key);
      }
    },
    /** A successful sign-in clears the email's failures (not the address's). */
    recordSuccess(email: string): void {
      windows.delete(`email:${email.trim().toLowerCase()}`);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
