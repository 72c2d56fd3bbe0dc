// The technicians feature's public entry: what other features may use. Everything else in this folder is internal.

export { activeTechnicianChoicesQueryOptions, technicianChoicesQueryOptions } from './api/get-technicians';
