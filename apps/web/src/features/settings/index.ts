// The settings feature's public entry: what other features may use. Everything else in this folder is internal.

export { organisationQueryOptions } from './api/get-organisation';
