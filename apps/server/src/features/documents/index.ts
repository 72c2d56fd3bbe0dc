// The documents feature as other features use it: nothing else of it may be imported from outside (Biome).
export { fileBytes } from './document-responses.ts';
export { asSentInvoice, formSource, readRecordSource, renderDocument } from './documents.ts';
