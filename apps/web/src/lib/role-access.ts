import { AREAS, type Capability, type Role, roleMayUse } from '@fieldbook/domain';

export type { Capability };

/**
 * Whether the screens offer `capability` (an area of `AREAS`, the one table of who may do what, which the server
 * enforces) to `role`. While the role is loading (undefined), only what every role may use, so a link is never
 * shown and then taken away. The server decides: a call the role may not make is a 403 whatever the screens show;
 * this keeps them from offering what would be refused.
 */
export function roleMay(role: Role | undefined, capability: Capability): boolean {
  if (role === undefined)
    return AREAS[capability].access === 'member' || AREAS[capability].access === 'signedIn';
  return roleMayUse(role, capability);
}
