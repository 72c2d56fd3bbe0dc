import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// A build of the web app in miniature, as `npm run build` leaves it: the web app's public files (the icons) as they
// are, and hashed assets with .br and .gz copies.
const publicFiles = fileURLToPath(new URL('../../../../web/public', import.meta.url));
const dist = mkdtempSync(join(tmpdir(), 'fieldbook-dist-'));
const script = `console.log(${JSON.stringify('Fieldbook '.repeat(400))});`;
let t: TestApp;

beforeAll(async () => {
  cpSync(publicFiles, dist, { recursive: true });
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Fieldbook</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('serving the web app', () => {
  it('sends the precompressed copy the browser accepts, and caches hashed assets for a year', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never lets index.html be cached, at any app path', async () => {
    for (const url of ['/', '/customers/search', '/index.html']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('<div id="root">');
    }
  });

  it('serves the icon at /favicon.ico, where browsers and other clients ask for it, as an image', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect(icon.rawPayload.equals(readFileSync(join(publicFiles, 'favicon.ico')))).toBe(true);
    // An ICO file: reserved 0, type 1 (icon), then how many images it holds.
    expect(icon.rawPayload.readUInt16LE(0)).toBe(0);
    expect(icon.rawPayload.readUInt16LE(2)).toBe(1);
    expect(icon.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);

    const svg = await get('/favicon.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers a missing file with 404, not the app under its name', async () => {
    for (const url of ['/apple-touch-icon.png', '/assets/index-old999.js', '/robots.txt']) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).not.toContain('<div id="root">');
    }
  });
});
