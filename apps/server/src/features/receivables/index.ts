// The receivables feature as other features use it: nothing else of it may be imported from outside (Biome).
export { type CustomerOwing, type OwingInvoice, readCustomerOwing, readReceivables } from './receivables.ts';
