import { imageLibrary } from '../../platform/images/image-library.ts';

/**
 * An image a document's data names, by the path the template hands to `image()`: bytes as they are (the logo, a
 * sample's), a photo's thumbnail by its file key, or a customer's signature as it was stored.
 */
export type DocumentImage = { bytes: Uint8Array } | { thumbnail: string } | { signature: Buffer };

/** Reads a stored file by its key; undefined when there is none. */
export type StoredFiles = (key: string) => Promise<Buffer | undefined>;

/** No stored files: a template's preview reads none, so its photos are placeholders. */
const noStoredFiles: StoredFiles = async () => undefined;

/** In place of a photo that cannot be shown (not read for a preview, or gone from the store): a grey tile. */
export const PHOTO_PLACEHOLDER = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">' +
    '<rect width="400" height="300" fill="#e5e9ee"/>' +
    '<circle cx="140" cy="110" r="26" fill="#c3cbd4"/>' +
    '<path d="M60 240 L160 150 L220 200 L270 160 L340 240 Z" fill="#c3cbd4"/></svg>',
);

/** In place of a signature that does not decode: nothing above the line it was signed on. */
const BLANK = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"/>');

/** A signature is drawn on a phone's screen: more pixels than this is not one, but a PNG made to fill memory. */
const MAX_SIGNATURE_PIXELS = 16_000_000;
/** How many stored files are read at once. */
const READS_AT_ONCE = 8;

/** A photo's thumbnail as a JPEG: Typst reads no WebP, and a JPEG goes into the PDF as it is. */
async function thumbnailJpeg(stored: StoredFiles, key: string): Promise<Buffer> {
  const webp = await stored(key);
  if (!webp) return PHOTO_PLACEHOLDER;
  const sharp = await imageLibrary();
  return sharp(webp, { failOn: 'error' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer()
    .catch(() => PHOTO_PLACEHOLDER);
}

/** The signature decoded and written again, at most 1200 × 400: one that does not decode cannot fail the render. */
async function signaturePng(png: Buffer): Promise<Buffer> {
  const sharp = await imageLibrary();
  return sharp(png, { failOn: 'error', limitInputPixels: MAX_SIGNATURE_PIXELS })
    .resize(1200, 400, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer()
    .catch(() => BLANK);
}

/**
 * The images as the render takes them, by path, read after the request's database work: each photo's thumbnail
 * from the store (a few at a time), the signature checked. A photo that cannot be shown is a grey tile and a
 * signature that does not decode is blank, so the rest of the document still renders; a store that fails fails
 * the document.
 */
export async function readyImages(
  images: Record<string, DocumentImage>,
  stored: StoredFiles = noStoredFiles,
): Promise<Record<string, Uint8Array>> {
  const entries = Object.entries(images);
  const ready: Record<string, Uint8Array> = {};
  for (let start = 0; start < entries.length; start += READS_AT_ONCE) {
    const batch = entries.slice(start, start + READS_AT_ONCE);
    await Promise.all(
      batch.map(async ([path, image]) => {
        ready[path] =
          'bytes' in image
            ? image.bytes
            : 'thumbnail' in image
              ? await thumbnailJpeg(stored, image.thumbnail)
              : await signaturePng(image.signature);
      }),
    );
  }
  return ready;
}
