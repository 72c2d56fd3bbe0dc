// The jobs feature's public entry: what other features may use. Everything else in this folder is internal.

export { getJob, jobQueryOptions } from './api/get-job';
export { customerJobsQueryOptions, jobsQueryOptions } from './api/get-jobs';
export { jobKeys } from './api/job-keys';
export { type JobSaveBody, jobSave, updateJob } from './api/update-job';
export { CustomerJobsPanel } from './customer-jobs-panel';
export { RAG_NAMES, RagDot } from './job-status';
