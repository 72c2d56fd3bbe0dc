import { type RouteObject, redirect } from 'react-router';
import { FullPageLoader } from './full-page-loader';

/** A route that only sends the user on: `customers` goes to `customers/search`. */
export function redirectRoute(path: string, to: string): RouteObject {
  // The component is never seen: the loader redirects before anything renders.
  return { path, loader: () => redirect(to), Component: FullPageLoader };
}
