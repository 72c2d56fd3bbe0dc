// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fakeAuthClient, signedIn } from '../testing/fake-auth-client';
import { rememberingSessionChanges, takeSignedOut, takeSwitchedTenant } from './session-changes';

/** sessionStorage as the browser has it, for one test. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('rememberingSessionChanges', () => {
  it('remembers the organisation a switch asks for, once', async () => {
    const storage = memoryStorage();
    const auth = fakeAuthClient(signedIn());
    await rememberingSessionChanges(auth.client, storage).switchTenant('t-bondi');

    expect(auth.client.switchTenant).toHaveBeenCalledWith('t-bondi');
    expect(takeSwitchedTenant(storage)).toBe('t-bondi');
    expect(takeSwitchedTenant(storage)).toBeUndefined();
  });

  it('remembers a sign-out for the page the provider sends the user back to, once and for a short while', async () => {
    const storage = memoryStorage();
    const auth = fakeAuthClient(signedIn());
    let now = 1_000_000;
    const session = rememberingSessionChanges(auth.client, storage, () => now);

    await session.signOut();
    expect(auth.client.signOut).toHaveBeenCalledOnce();
    now += 5_000;
    expect(takeSignedOut(storage, () => now)).toBe(true);
    expect(takeSignedOut(storage, () => now)).toBe(false);

    await session.signOut();
    now += 10 * 60_000;
    expect(takeSignedOut(storage, () => now)).toBe(false);
  });

  it('passes everything else through', async () => {
    const auth = fakeAuthClient(signedIn());
    const session = rememberingSessionChanges(auth.client, memoryStorage());

    await session.signIn('/items');
    expect(auth.client.signIn).toHaveBeenCalledWith('/items');
    expect(session.getSnapshot()).toBe(auth.client.getSnapshot());
  });
});
