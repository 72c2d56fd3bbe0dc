import type { Role } from '@fieldbook/domain';
import type { LoaderFunction, LoaderFunctionArgs, RouteObject, UIMatch } from 'react-router';
import { type Capability, roleMay } from './role-access';

/**
 * What a screen needs, as its route's `handle`: the capability, and the screen's name, which a role that may not
 * use it sees above the refusal (`app/screen-gate.tsx`). A route without one is for every role.
 */
export interface ScreenAccess {
  capability: Capability;
  title: string;
}

/** The role of the membership last read (GET /tenant), for the route loaders (outside React). */
let knownRole: Role | undefined;
/** Loaders waiting for the role: those of the last few moves made before it was read. */
let waiting: (() => void)[] = [];

/** The membership's read notes the user's role here; the loaders that waited for it run (if it may use them). */
export function rememberRole(role: Role): void {
  knownRole = role;
  const run = waiting;
  waiting = [];
  for (const start of run) start();
}

/**
 * A screen's loader that starts its reads only for a role that may use the screen: a role that may not sees only
 * the refusal (`ScreenGate`), so its reads would only be refused. Before the role is known, the loader waits for it,
 * as the screen itself does. Returns the loader's answer when it runs at once, else null.
 */
function loaderFor(capability: Capability, loader: LoaderFunction): LoaderFunction {
  return (args: LoaderFunctionArgs, context?: unknown) => {
    if (roleMay(knownRole, capability)) return loader(args, context);
    if (knownRole === undefined)
      waiting = [
        ...waiting.slice(-3),
        () => {
          if (roleMay(knownRole, capability)) void loader(args, context);
        },
      ];
    return null;
  };
}

/** `routes` (a feature's screens), each needing `access`; their loaders run for a role that may use them. */
export function requiring(access: ScreenAccess, routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { loader } = route;
    return typeof loader === 'function'
      ? { ...route, handle: access, loader: loaderFor(access.capability, loader) }
      : { ...route, handle: access };
  });
}

const isScreenAccess = (handle: unknown): handle is ScreenAccess =>
  typeof handle === 'object' && handle !== null && 'capability' in handle && 'title' in handle;

/** What the matched screen needs (its deepest route's), or undefined when every role may use it. */
export function screenAccess(matches: readonly UIMatch[]): ScreenAccess | undefined {
  return matches.map((match) => match.handle).findLast(isScreenAccess);
}
