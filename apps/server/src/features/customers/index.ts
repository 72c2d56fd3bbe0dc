// The customers feature as other features use it: nothing else of it may be imported from outside (Biome).
export { customers, locations, visibleCustomers, visibleLocations } from './customer-tables.ts';
export { createCustomer, customerOf, findCustomer } from './customers.ts';
export { createLocation, findLocation, locationOf } from './locations.ts';
