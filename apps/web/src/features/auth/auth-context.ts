import type { IdTokenClaims, User } from 'oidc-client-ts';
import { createContext, use } from 'react';
import type { AuthStatus } from './auth-client';
import type { Tenancy } from './claims';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** The ID token's claims (name, email, the tenant claims). */
  claims: IdTokenClaims | null;
  tenancy: Tenancy;
  /** The sign-in error message when status is 'error'. */
  error: string | null;
  signIn(returnTo: string): Promise<void>;
  signInPopup(): Promise<void>;
  switchTenant(tenantId: string): Promise<void>;
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The signed-in user, their tenants and the sign-in actions. */
export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) {
    throw new Error('useAuth must be used inside <AuthProvider>.');
  }
  return value;
}
