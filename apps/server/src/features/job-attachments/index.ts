// The job attachments feature as other features use it: nothing else of it may be imported from outside (Biome).

export { deleteQueuedFiles, sweepFiles } from './file-sweep.ts';
export { jobAttachments } from './job-attachment-tables.ts';
export { fileKey } from './job-attachments.ts';
