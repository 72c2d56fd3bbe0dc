// The jobs feature's public entry: what other features may use. Everything else in this folder is internal.

export { jobQueryOptions } from './api/get-job';
export { customerJobsQueryOptions } from './api/get-jobs';
export { CustomerJobsPanel } from './customer-jobs-panel';
