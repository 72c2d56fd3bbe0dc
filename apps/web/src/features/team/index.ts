// The team feature's public entry: what other features may use. Everything else in this folder is internal.

export { useMembership, useRole } from './membership-context';
