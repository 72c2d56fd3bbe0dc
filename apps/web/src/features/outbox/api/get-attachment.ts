import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download-file';

interface Attachment {
  index: number;
  filename: string;
}

/** GET /outbox/{id}/attachments/{index}: the attachment's bytes as they were sent. */
export function getAttachment(messageId: string, index: number): Promise<Blob> {
  return apiFetchBlob(`/outbox/${encodeURIComponent(messageId)}/attachments/${index}`, {
    headers: { Accept: '*/*' },
  });
}

/**
 * Saves an attachment of the message under its own name. The mutation's `variables` is the attachment asked
 * for, so only its button shows that it is busy; its `error` is for the viewer's alert.
 */
export function useAttachmentDownload(messageId: string) {
  return useMutation({
    mutationFn: async (attachment: Attachment) =>
      saveFile(await getAttachment(messageId, attachment.index), attachment.filename),
  });
}
