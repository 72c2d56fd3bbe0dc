import type { Role } from '@fieldbook/domain';
import { Outlet, useMatches } from 'react-router';
import { RefusedScreen } from '../components/refused-screen';
import { SectionLoader } from '../components/section-loader';
import { roleMay } from '../lib/role-access';
import { screenAccess } from '../lib/screen-access';

/**
 * The matched screen, if the user's role may use it (its route's `ScreenAccess`); otherwise only why, none of
 * the screen's actions. A screen only some roles may use waits for the role (while it loads, or when it could not
 * be loaded and the layout says so above), so it never shows and then goes.
 */
export function ScreenGate({ role }: { role: Role | undefined }) {
  const access = screenAccess(useMatches());
  if (access === undefined || roleMay(role, access.capability)) return <Outlet />;
  if (role === undefined) return <SectionLoader />;
  return <RefusedScreen title={access.title} />;
}
