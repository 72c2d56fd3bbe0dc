// The tenants feature as other features use it: nothing else of it may be imported from outside (Biome).
export { createTenant, isMember, listTenantsOf } from './tenants.ts';
