// The documents feature as other features use it: nothing else of it may be imported from outside (Biome).
export { fileBytes } from './document-responses.ts';
export { asSentInvoice, formSource, recordSource, renderDocument } from './documents.ts';
