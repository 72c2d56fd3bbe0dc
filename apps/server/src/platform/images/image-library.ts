import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * `sharp`, loaded the first time an image is worked on (a photo uploaded, a job sheet with photos), not at start-up:
 * libvips and its bindings are memory every process would carry for every request. One thread an image and no cache
 * of decoded images, so eight phone photos at once stay within a small server's memory (docs/server.md, "Files").
 */
export function imageLibrary(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
