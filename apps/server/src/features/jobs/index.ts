// The jobs feature as other features use it: nothing else of it may be imported from outside (Biome).
export type { JobRow } from './job-rows.ts';
export { selectJobs, toJob } from './job-rows.ts';
export { jobPriorities, jobs, territories, visibleJobs } from './job-tables.ts';
export type { JobImport } from './jobs.ts';
export { createJob, findJob, importJobs, jobRead } from './jobs.ts';
export { JOB_PRIORITY_NAMES, seedReferenceData } from './reference-data.ts';
export { ownJob, requireVisibleJob, technicianScope } from './technician-jobs.ts';
