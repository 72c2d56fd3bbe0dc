// The app's icons for its web app manifest (vite.config.ts) and the home screen, drawn from the mark in
// public/favicon.svg: `node apps/web/scripts/icons.ts` writes public/icons/*.png (kept in the repository).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = join(import.meta.dirname, '..', 'public', 'icons');
const BLUE = '#1864ab';
/** The F of the mark, in its 32-unit box. */
const F = 'M9 8h14v4H14v3h8v4h-8v5H9z';

/** The mark as the favicon draws it: a rounded blue square with the F. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${BLUE}"/><path d="${F}" fill="#fff"/></svg>`;

/**
 * A maskable icon: the phone cuts it to its own shape, keeping only the middle 80 %, so the square is full bleed
 * and the F is drawn at 60 % of its size, in the middle.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)"><path d="${F}" fill="#fff"/></g></svg>`;

mkdirSync(OUT, { recursive: true });
const draw = (svg: string, size: number, name: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(OUT, name));

await Promise.all([
  draw(rounded, 192, 'icon-192.png'),
  draw(rounded, 512, 'icon-512.png'),
  draw(maskable, 512, 'maskable-512.png'),
  // iOS draws its own rounded corners over a square icon.
  draw(maskable.replace('scale(0.6)', 'scale(0.8)'), 180, 'apple-touch-icon.png'),
]);
console.log(`Written to ${OUT}: icon-192.png, icon-512.png, maskable-512.png, apple-touch-icon.png`);
