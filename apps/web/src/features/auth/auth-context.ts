import type { IdTokenClaims, User } from 'oidc-client-ts';
import { requiredContext } from '../../lib/required-context';
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
  signInPopup(returnTo: string): Promise<void>;
  switchTenant(tenantId: string): Promise<void>;
  /** Fresh claims after the organisation is renamed (a silent sign-in in the same tenant). */
  refreshClaims(): Promise<void>;
  signOut(): Promise<void>;
}

/** The signed-in user, their tenants and the sign-in actions. */
export const [AuthContext, useAuth] = requiredContext<AuthContextValue>('useAuth', '<AuthProvider>');
