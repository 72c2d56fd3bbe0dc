// The jobs feature as other features use it: nothing else of it may be imported from outside (Biome).
export { jobPriorities, jobs, territories } from './job-tables.ts';
export type { JobImport } from './jobs.ts';
export { findJob, importJobs, jobRead } from './jobs.ts';
export { JOB_PRIORITY_NAMES, seedReferenceData } from './reference-data.ts';
export { ownJob } from './technician-jobs.ts';
