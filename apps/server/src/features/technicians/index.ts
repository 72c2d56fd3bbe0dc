// The technicians feature as other features use it: nothing else of it may be imported from outside (Biome).
export { technicians } from './technician-tables.ts';
export { seedTechnicians } from './technicians.ts';
