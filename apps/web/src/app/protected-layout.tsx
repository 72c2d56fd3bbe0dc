import { DEFAULT_TIME_ZONE } from '@fieldbook/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { AppShellLayout } from '../components/app-shell-layout';
import { AuthErrorScreen } from '../components/auth-error-screen';
import { FullPageLoader } from '../components/full-page-loader';
import { isRefused } from '../components/load-error-alert';
import { useNotify } from '../components/notices';
import { UserMenu } from '../components/user-menu';
import { useAuth } from '../features/auth/auth-context';
import { MissingTenantClaim } from '../features/auth/missing-tenant-claim';
import { clearTenantReloadFlag } from '../features/auth/tenant-reload';
import { type DeviceWork, DeviceWorkContext, ownerOf, StartDeviceWorkContext } from '../features/offline';
import { membershipQueryOptions } from '../features/team/api/get-membership';
import { MembershipContext } from '../features/team/membership-context';
import { useConfig } from '../lib/config-context';
import { holdNetwork, importOnceOnline } from '../lib/network';
import { TimeZoneContext } from '../lib/time-zone';
import type { DeviceRuntime } from './device-work';
import { ScreenGate } from './screen-gate';
import { takeSwitchedTenant } from './session-changes';

/** Seen once by a new user (the form that creates an organisation): not part of every first screen. */
const NoOrganisationScreen = lazy(() =>
  import('../features/organisations/no-organisation-screen').then((module) => ({
    default: module.NoOrganisationScreen,
  })),
);

/**
 * Only when the user's role could not be read (or they were removed meanwhile): not part of every first screen.
 * Loaded once online if the network dropped before the app's files were kept.
 */
const MembershipAlert = lazy(() =>
  importOnceOnline(() => import('../features/team/membership-alert')).then((module) => ({
    default: module.MembershipAlert,
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
  const tenancyReady =
    (auth.status === 'authenticated' || auth.status === 'offline') && auth.tenancy.status === 'ready';
  const notify = useNotify();
  const [checkingSignOut, setCheckingSignOut] = useState(false);
  const { tenantId, tenants } = auth.tenancy;
  const membership = useQuery({
    ...membershipQueryOptions(tenantId ?? ''),
    enabled: tenancyReady && tenantId !== undefined,
  });

  // Refused (403) when read again after a refusal (`query-client.ts`): no longer a member, whatever was read before.
  const member = membership.isError && isRefused(membership.error) ? undefined : membership.data;
  const { device, startNow } = useDeviceRuntime(tenancyReady ? tenantId : undefined);
  const role = member?.role;
  useEffect(() => {
    if (role === 'TECHNICIAN') device?.keepWeek();
  }, [device, role]);
  // Started offline from the device's copy: no read goes out until the user has signed in again.
  const offlineStart = auth.status === 'offline';
  const signInNeeded = offlineStart && auth.error !== null;
  useEffect(() => holdNetwork(offlineStart, signInNeeded), [offlineStart, signInNeeded]);
  // Signed in (again, or with a renewed token): what waits on the device is sent.
  const signedInUser = auth.status === 'authenticated' ? auth.user : null;
  useEffect(() => {
    if (signedInUser) device?.resume();
  }, [device, signedInUser]);

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
  const timeZone = member?.timeZone ?? DEFAULT_TIME_ZONE;
  return (
    <MembershipContext value={member}>
      <TimeZoneContext value={timeZone}>
        <DeviceWorkContext value={device?.work ?? null}>
          <StartDeviceWorkContext value={startNow}>
            <AppShellLayout
              userRole={role}
              userMenu={
                <div className="app-shell-bar-end">
                  {device && <device.WaitingActions />}
                  <UserMenu
                    userName={userName}
                    tenants={auth.tenancy.tenants}
                    currentTenantId={auth.tenancy.tenantId}
                    helpUrl={helpUrl}
                    onSwitchTenant={(tenantId) => void auth.switchTenant(tenantId)}
                    onSignOut={() => {
                      // What the device has not sent goes with a sign-out: asked first.
                      if (device && device.work.queue.getSnapshot().length > 0) setCheckingSignOut(true);
                      else void auth.signOut();
                    }}
                  />
                </div>
              }
            >
              {device && (
                <device.OfflineBanner
                  signInProblem={auth.status === 'offline' ? auth.error : null}
                  onSignIn={() => auth.signInPopup(here)}
                />
              )}
              {device && (
                <device.SignOutCheck
                  opened={checkingSignOut}
                  onClose={() => setCheckingSignOut(false)}
                  onSignOut={() => void auth.signOut()}
                />
              )}
              {membership.isError && (
                <Suspense fallback={null}>
                  <MembershipAlert error={membership.error} onRetry={membership.refetch} />
                </Suspense>
              )}
              <ScreenGate role={role} />
            </AppShellLayout>
          </StartDeviceWorkContext>
        </DeviceWorkContext>
      </TimeZoneContext>
    </MembershipContext>
  );
}

type DeviceModule = typeof import('./device-work');

/** How long after the signed-in layout first draws the device's side starts (when not started offline). */
export const AFTER_FIRST_SCREEN_MS = 2_000;
type Device = DeviceRuntime & Pick<DeviceModule, 'OfflineBanner' | 'SignOutCheck' | 'WaitingActions'>;

const notYet = async () => null;

/**
 * The device's side of the app (`device-work.tsx`): the queue of actions taken offline and a technician's week kept
 * on the device. Loaded once the organisation is known, 2 s after the first screen (at once when started offline),
 * so none of it is in the first screen's download; `startNow` starts it sooner, for an action that must be kept.
 */
function useDeviceRuntime(tenantId: string | undefined): {
  device: Device | null;
  startNow: () => Promise<DeviceWork | null>;
} {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [device, setDevice] = useState<Device | null>(null);
  const latest = useRef(auth);
  latest.current = auth;
  const starter = useRef<() => Promise<DeviceWork | null>>(notYet);
  const sub = auth.claims?.sub;
  useEffect(() => {
    if (!tenantId || !sub) return;
    let runtime: DeviceRuntime | undefined;
    let gone = false;
    const run = (module: DeviceModule): DeviceWork | null => {
      if (gone) return null;
      if (!runtime) {
        runtime = module.startDeviceWork({
          owner: ownerOf(sub, tenantId),
          profile: { ...latest.current.claims },
          tenantId,
          queryClient,
          signedIn: () => latest.current.status === 'authenticated',
          renew: () => latest.current.refreshClaims(),
        });
        setDevice({
          ...runtime,
          OfflineBanner: module.OfflineBanner,
          SignOutCheck: module.SignOutCheck,
          WaitingActions: module.WaitingActions,
        });
      }
      return runtime.work;
    };
    const start = () => void importOnceOnline(() => import('./device-work')).then(run);
    // Started offline, the kept week is the screen: at once. Otherwise after the first screen, out of its way.
    const timer = setTimeout(start, latest.current.status === 'offline' ? 0 : AFTER_FIRST_SCREEN_MS);
    starter.current = async () => {
      if (runtime) return runtime.work;
      clearTimeout(timer);
      try {
        return run(await import('./device-work'));
      } catch {
        // Its code could not be loaded (no network, and the app's files not kept on the device yet): it starts as
        // soon as it can, as it would have.
        start();
        return null;
      }
    };
    return () => {
      clearTimeout(timer);
      gone = true;
      starter.current = notYet;
      runtime?.stop();
      setDevice(null);
    };
  }, [tenantId, sub, queryClient]);
  const startNow = useCallback(() => starter.current(), []);
  return { device, startNow };
}
