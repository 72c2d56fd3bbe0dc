import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import type { AuthClient } from './auth-client';
import { AuthContext, type AuthContextValue } from './auth-context';
import { readTenancy } from './claims';

interface AuthProviderProps {
  client: AuthClient;
  claimNamespace: string;
  children: ReactNode;
}

export function AuthProvider({ client, claimNamespace, children }: AuthProviderProps) {
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);
  const value = useMemo<AuthContextValue>(() => {
    const claims = snapshot.user?.profile ?? null;
    return {
      status: snapshot.status,
      user: snapshot.user,
      claims,
      tenancy: readTenancy(claims, claimNamespace),
      error: snapshot.error,
      signIn: client.signIn,
      signInPopup: client.signInPopup,
      switchTenant: client.switchTenant,
      refreshClaims: client.refreshClaims,
      signOut: client.signOut,
    };
  }, [snapshot, client, claimNamespace]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
