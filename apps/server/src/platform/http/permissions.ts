import { ACCESS_ROLES, AREAS, operationArea, ROLE_NAMES, type Role } from '@fieldbook/domain';
import { ApiError } from './errors.ts';

/** The access a tenant route needs: its area's (`AREAS` in packages/domain, the one table of who may do what). */
export type TenantAccess = keyof typeof ACCESS_ROLES;

/**
 * The access a request to this route needs (its method and URL as registered, `/api/jobs/:id`): that of the area
 * that names the operation (`GET /jobs/{id}`). An operation no area names is for Owners only, so a new endpoint is
 * never open by mistake.
 */
export function accessFor(method: string, routeUrl: string | undefined): TenantAccess {
  const path = (routeUrl ?? '').replace(/^\/api(?=\/)/, '').replace(/:(\w+)/g, '{$1}');
  const area = operationArea(`${method === 'HEAD' ? 'GET' : method} ${path}`);
  if (area === undefined) return 'owner';
  const { access } = AREAS[area];
  // A public route is never a tenant route; named here, it is for members like a signed-in one.
  return access === 'signedIn' || access === 'anyone' ? 'member' : access;
}

/** Refuses a member whose role the access does not allow: 403, saying which roles may. */
export function requireAccess(role: Role, access: TenantAccess): void {
  const allowed = ACCESS_ROLES[access];
  if (allowed.includes(role)) return;
  const names = allowed.map((name) => ROLE_NAMES[name]).join(' or ');
  throw new ApiError(
    'FORBIDDEN',
    `Your role in this organisation (${ROLE_NAMES[role]}) cannot do this: it needs ${names}. Ask an Owner of the organisation.`,
  );
}
