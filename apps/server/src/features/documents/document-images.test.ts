import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_PLACEHOLDER, readyImages } from './document-images.ts';

const stored = (files: Record<string, Buffer>) => async (key: string) => files[key];

describe("a document's images", () => {
  it('are a photo thumbnail made a JPEG, a signature made a PNG, and the logo as it is', async () => {
    const webp = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#c0402080' } })
      .webp()
      .toBuffer();
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const logo = new Uint8Array([1, 2, 3]);
    const ready = await readyImages(
      {
        '/logo.png': { bytes: logo },
        '/photos/1': { thumbnail: 'a/b/thumbnail' },
        '/signature': { signature: png },
      },
      stored({ 'a/b/thumbnail': webp }),
    );
    expect(ready['/logo.png']).toBe(logo);
    expect(await sharp(ready['/photos/1']).metadata()).toMatchObject({
      format: 'jpeg',
      width: 40,
      height: 30,
    });
    expect(await sharp(ready['/signature']).metadata()).toMatchObject({
      format: 'png',
      width: 300,
      height: 100,
    });
  });

  it('show a grey tile for a thumbnail gone from the store or one that does not decode, and leave a broken signature blank', async () => {
    const ready = await readyImages(
      {
        '/photos/1': { thumbnail: 'gone' },
        '/photos/2': { thumbnail: 'broken' },
        '/signature': { signature: Buffer.from('\x89PNG\r\n\x1a\nnot really') },
      },
      stored({ broken: Buffer.from('RIFF....WEBPVP8 nonsense') }),
    );
    expect(ready['/photos/1']).toBe(PHOTO_PLACEHOLDER);
    expect(ready['/photos/2']).toBe(PHOTO_PLACEHOLDER);
    expect(Buffer.from(ready['/signature'] as Uint8Array).toString()).toMatch(/^<svg [^>]*\/>$/);
  });

  it('shrink a signature drawn larger than a page needs to 1200 × 400 at most', async () => {
    const png = await sharp({ create: { width: 3000, height: 1000, channels: 4, background: '#000000ff' } })
      .png()
      .toBuffer();
    const ready = await readyImages({ '/signature': { signature: png } });
    expect(await sharp(ready['/signature']).metadata()).toMatchObject({ width: 1200, height: 400 });
  });
});
