// The outbox feature's public entry: what other features may use. Everything else in this folder is internal.

export { mailStatusQueryOptions } from './api/get-mail-status';
export { type DocumentSend, DocumentSends } from './document-sends';
export { EmailDialog, type EmailDocument, type EmailSending } from './email-dialog';
