import type { RouteObject, UIMatch } from 'react-router';
import type { Capability } from './role-access';

/**
 * What a screen needs, as its route's `handle`: the capability, and the screen's name, which a role that may not
 * use it sees above the refusal (`app/screen-gate.tsx`). A route without one is for every role.
 */
export interface ScreenAccess {
  capability: Capability;
  title: string;
}

/** `routes` (a feature's screens), each needing `access`. */
export function requiring(access: ScreenAccess, routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({ ...route, handle: access }));
}

const isScreenAccess = (handle: unknown): handle is ScreenAccess =>
  typeof handle === 'object' && handle !== null && 'capability' in handle && 'title' in handle;

/** What the matched screen needs (its deepest route's), or undefined when every role may use it. */
export function screenAccess(matches: readonly UIMatch[]): ScreenAccess | undefined {
  return matches.map((match) => match.handle).findLast(isScreenAccess);
}
