// The tax-rates feature as other features use it: nothing else of it may be imported from outside (Biome).
export { taxRates } from './tax-rate-tables.ts';
export { seedTaxRates } from './tax-rates.ts';
