import { DEFAULT_TIME_ZONE } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { AppShellLayout } from '../components/app-shell-layout';
import { AuthErrorScreen } from '../components/auth-error-screen';
import { FullPageLoader } from '../components/full-page-loader';
import { useNotify } from '../components/notices';
import { UserMenu } from '../components/user-menu';
import { useAuth } from '../features/auth/auth-context';
import { MissingTenantClaim } from '../features/auth/missing-tenant-claim';
import { clearTenantReloadFlag } from '../features/auth/tenant-reload';
import { membershipQueryOptions } from '../features/team/api/get-membership';
import { MembershipAlert } from '../features/team/membership-alert';
import { MembershipContext } from '../features/team/membership-context';
import { useConfig } from '../lib/config-context';
import { TimeZoneContext } from '../lib/time-zone';
import { ScreenGate } from './screen-gate';
import { takeSwitchedTenant } from './session-changes';

/** Seen once by a new user (the form that creates an organisation): not part of every first screen. */
const NoOrganisationScreen = lazy(() =>
  import('../features/organisations/no-organisation-screen').then((module) => ({
    default: module.NoOrganisationScreen,
  })),
);

/**
 * The frame of every guarded page: sign-in state first, then the user's organisation, then the shell. The user's
 * membership (their role) loads once per organisation; until it has, the shell and the pages offer only what
 * every role may use. A screen the role may not use shows only why (`ScreenGate`).
 */
export function ProtectedLayout() {
  const auth = useAuth();
  const { helpUrl } = useConfig();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const tenancyReady = auth.status === 'authenticated' && auth.tenancy.status === 'ready';
  const notify = useNotify();
  const { tenantId, tenants } = auth.tenancy;
  const membership = useQuery({
    ...membershipQueryOptions(tenantId ?? ''),
    enabled: tenancyReady && tenantId !== undefined,
  });

  useEffect(() => {
    if (!tenancyReady) return;
    clearTenantReloadFlag();
    // Back from switching organisation: say which one is now active.
    const switchedTo = takeSwitchedTenant();
    const active = tenants.find((tenant) => tenant.tenantId === tenantId);
    if (switchedTo !== undefined && switchedTo === tenantId && active) {
      notify(`Now working in ${active.tenantName}.`);
    }
  }, [tenancyReady, tenantId, tenants, notify]);

  if (auth.status === 'error') {
    return (
      <AuthErrorScreen
        message={auth.error ?? 'Sign-in failed.'}
        onSignInAgain={() => void auth.signIn(here)}
      />
    );
  }
  if (auth.status === 'loading') {
    return <FullPageLoader />;
  }
  if (auth.tenancy.status === 'needs-organisation') {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <NoOrganisationScreen onSignOut={() => void auth.signOut()} />
      </Suspense>
    );
  }
  if (auth.tenancy.status === 'missing-tenant') {
    return <MissingTenantClaim onSignInAgain={() => void auth.signIn(here)} />;
  }
  const claims = auth.claims;
  const userName = claims?.name ?? claims?.email ?? claims?.sub ?? 'Account';
  const timeZone = membership.data?.timeZone ?? DEFAULT_TIME_ZONE;
  return (
    <MembershipContext value={membership.data}>
      <TimeZoneContext value={timeZone}>
        <AppShellLayout
          userRole={membership.data?.role}
          userMenu={
            <UserMenu
              userName={userName}
              tenants={auth.tenancy.tenants}
              currentTenantId={auth.tenancy.tenantId}
              helpUrl={helpUrl}
              onSwitchTenant={(tenantId) => void auth.switchTenant(tenantId)}
              onSignOut={() => void auth.signOut()}
            />
          }
        >
          {membership.isError && <MembershipAlert error={membership.error} onRetry={membership.refetch} />}
          <ScreenGate role={membership.data?.role} />
        </AppShellLayout>
      </TimeZoneContext>
    </MembershipContext>
  );
}
