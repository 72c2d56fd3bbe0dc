// The job signatures feature as other features use it: nothing else of it may be imported from outside (Biome).
export { jobSignatures } from './job-signature-tables.ts';
