// The sign-in feature's public entry for other features. The app shell (src/app) wires its internals.
export { type AuthContextValue, useAuth } from './auth-context';
