// The team feature as other features use it: nothing else of it may be imported from outside (Biome).
export { findOwnMembership, memberIdentity, memberName } from './members.ts';
export { memberships } from './team-tables.ts';
