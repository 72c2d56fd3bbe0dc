import { imageLibrary } from '../../platform/images/image-library.ts';

/** The most pixels a logo may have to be read at all: past this it is refused before it is decoded. */
export const MAX_LOGO_PIXELS = 50_000_000;
/** A logo prints a few centimetres wide: one larger than this a side is made smaller to fit it. */
export const LOGO_SIDE = 2000;

interface LogoImage {
  bytes: Buffer;
  type: string;
}

/**
 * A logo as the documents can print it: as it came when it is at most `LOGO_SIDE` pixels a side, else made smaller
 * to fit (in the same format), so that every document with it renders within the renderer's memory. 'too large' for
 * an image of more than `MAX_LOGO_PIXELS` (a photo of 20,000 × 20,000 is 400 million), 'unreadable' for one whose
 * size cannot be read.
 */
export async function fittedLogo(image: LogoImage): Promise<LogoImage | 'too large' | 'unreadable'> {
  const sharp = await imageLibrary();
  const options = { limitInputPixels: MAX_LOGO_PIXELS };
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header alone is read here, whatever its size; only an image within the limit is decoded below.
    ({ width, height } = await sharp(image.bytes, { limitInputPixels: false }).metadata());
  } catch {
    return 'unreadable';
  }
  if (!width || !height) return 'unreadable';
  if (width * height > MAX_LOGO_PIXELS) return 'too large';
  if (width <= LOGO_SIDE && height <= LOGO_SIDE) return image;
  const smaller = sharp(image.bytes, options).resize({ width: LOGO_SIDE, height: LOGO_SIDE, fit: 'inside' });
  const bytes = await (image.type === 'image/png' ? smaller.png() : smaller.jpeg({ quality: 90 })).toBuffer();
  return { bytes, type: image.type };
}
