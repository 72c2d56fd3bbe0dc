// The job notes feature as other features use it: nothing else of it may be imported from outside (Biome).
export { jobNotes } from './job-note-tables.ts';
