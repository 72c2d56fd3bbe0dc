// The team feature's public entry: what other features may use. Everything else in this folder is internal.

export { MEMBERSHIP_KEY, membershipQueryOptions } from './api/get-membership';
export { useMembership, useRole } from './membership-context';
