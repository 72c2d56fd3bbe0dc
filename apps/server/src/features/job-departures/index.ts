// The job departures feature as other features use it: nothing else of it may be imported from outside (Biome).
export { jobDepartures } from './job-departure-tables.ts';
