// The customers feature as other features use it: nothing else of it may be imported from outside (Biome).
export { customers, locations, visibleCustomers, visibleLocations } from './customer-tables.ts';
export { createCustomer, findCustomer } from './customers.ts';
export { createLocation, findLocation } from './locations.ts';
