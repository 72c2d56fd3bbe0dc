// The identity feature as other features use it: nothing else of it may be imported from outside (Biome).
export { createUser, findUserById, personOf } from './accounts.ts';
export { canonicalEmail } from './emails.ts';
export { users } from './identity-tables.ts';
export type { TenantEntry } from './tenant-claims.ts';
