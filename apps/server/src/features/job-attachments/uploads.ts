import {
  JOB_ATTACHMENT_TYPES,
  type JobAttachmentType,
  jobAttachmentMessages,
  MAX_ATTACHMENT_BYTES,
  THUMBNAIL_SIZE,
} from '@fieldbook/domain';
import { validationFailed } from '../../platform/http/errors.ts';
import { imageLibrary } from '../../platform/images/image-library.ts';

// An upload made safe to keep and show: its real type read from its bytes, a photo turned upright and stripped of
// every piece of metadata (a phone photo carries where it was taken), and a thumbnail made.

/** What is kept of an upload: the file as stored, and a photo's size and thumbnail. */
export interface Prepared {
  contentType: JobAttachmentType;
  original: Buffer;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
}

const refused = (message: string) => validationFailed(message, [{ field: 'file', message }]);

/** The largest image read, in pixels: a 100-megapixel photo; more is a decompression bomb, not a photo. */
const MAX_PIXELS = 100_000_000;

/**
 * Checks an upload by its content and prepares it: a JPEG, PNG or WebP is turned upright by its EXIF orientation
 * and written again without metadata, with a WebP thumbnail; a PDF is kept as it came. Anything else (SVG, HTML,
 * HEIC, a program), an empty file and one over the limit are refused with a message that says why.
 */
export async function prepareUpload(bytes: Buffer): Promise<Prepared> {
  if (bytes.length === 0) throw refused(jobAttachmentMessages.empty);
  if (bytes.length > MAX_ATTACHMENT_BYTES) throw refused(jobAttachmentMessages.tooLarge);
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  if (found?.mime === 'image/heic' || found?.mime === 'image/heif') throw refused(jobAttachmentMessages.heic);
  const type = JOB_ATTACHMENT_TYPES.find((allowed) => allowed === found?.mime);
  if (!type) throw refused(jobAttachmentMessages.type);
  if (type === 'application/pdf')
    return { contentType: type, original: bytes, thumbnail: null, width: null, height: null };
  const sharp = await imageLibrary();
  try {
    const upright = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      type === 'image/jpeg'
        ? upright().jpeg({ quality: 90 })
        : type === 'image/png'
          ? upright().png()
          : upright().webp({ quality: 90 });
    const { data: original, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await upright()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { contentType: type, original, thumbnail, width: info.width, height: info.height };
  } catch {
    throw refused(jobAttachmentMessages.unreadable);
  }
}
