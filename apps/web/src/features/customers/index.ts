// The customers feature's public entry: what other features may use. Everything else in this folder is internal.

export { customerQueryOptions } from './api/get-customer';
export { customerLocationsQueryOptions } from './api/get-customer-locations';
export { CustomerPicker } from './customer-picker';
