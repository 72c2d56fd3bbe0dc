// The jobs feature's public entry: what other features may use. Everything else in this folder is internal.

export { type JobSaveBody, jobSave } from '@fieldbook/domain';
export { sendAction } from './api/field-actions';
export { getJob, jobQueryOptions } from './api/get-job';
export { customerJobsQueryOptions, jobsQueryOptions } from './api/get-jobs';
export { attachmentPath, jobAttachmentsQueryOptions } from './api/job-attachments';
export { jobDeparturesQueryOptions } from './api/job-departures';
export { jobKeys } from './api/job-keys';
export { jobNotesQueryOptions } from './api/job-notes';
export { jobSignatureQueryOptions } from './api/job-signature';
export { updateJob } from './api/update-job';
export { CustomerJobsPanel } from './customer-jobs-panel';
export { JobStatusLabel, RAG_NAMES, RagDot } from './job-status';
