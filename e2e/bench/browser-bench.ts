import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page, type Response } from '@playwright/test';
import { findChromium } from '../chromium.ts';
import { DEMO } from '../journeys/sign-in.ts';

/** What the browser benchmarks share: Chromium, the demo user's sign-in, and counting the JS and CSS fetched. */

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });

/**
 * Opens `path` signed out, signs in with the demo user on the embedded provider's page and returns the bearer token
 * of the app's first API call (for seeding through the API).
 */
export async function signIn(
  page: Page,
  base: string,
  path = '/',
  who: { email: string; password: string } = DEMO,
): Promise<string> {
  const firstCall = page.waitForRequest((request) => request.url().includes('/api/'));
  await page.goto(`${base}${path}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return (await (await firstCall).headerValue('authorization')) ?? '';
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** One JavaScript or CSS file a page fetched over the network. */
export interface Asset {
  path: string;
  kind: 'js' | 'css';
  /**
   * Its body gzip-compressed: as the server sent it (`Content-Encoding: gzip`), or, for a file the server sent
   * uncompressed (the build leaves files under 1 KiB so), its gzip -9 size computed here.
   */
  gzipBytes: number;
  gzip: 'sent' | 'computed';
  /** Its body at brotli's best, as the server sends it to a browser that takes brotli (files of 1 KiB and more). */
  brotliBytes: number;
  /** When the request started and its last byte arrived, ms since the epoch (the page's clock). */
  start: number;
  end: number;
}

/**
 * A response's body. The browser drops a body when its page navigates away before it is read (the sign-in's
 * redirects do: "Response body is not available for a response that was navigated away from"); a build's file is the
 * same at every request, so it is then fetched again from the server.
 */
async function bodyOf(response: Response, url: URL): Promise<Buffer> {
  try {
    return await response.body();
  } catch {
    const again = await fetch(url);
    if (!again.ok) throw new Error(`${url.href} answered ${again.status} when fetched again.`);
    return Buffer.from(await again.arrayBuffer());
  }
}

/**
 * Records every JS and CSS file the context fetches over the network, each URL once (a frame that loads it again
 * reads it from the cache). Call `settled()` for the list once the page has done its work: it records nothing
 * after, so a file that arrives while the context closes is not read from a closed page (a late chunk did that,
 * and failed the whole run).
 */
export function recordAssets(context: BrowserContext): { settled: () => Promise<Asset[]> } {
  const pending = new Map<string, Promise<Asset>>();
  let recording = true;
  context.on('requestfinished', (request) => {
    if (!recording) return;
    const url = new URL(request.url());
    const kind = /\.js$/.test(url.pathname) ? 'js' : /\.css$/.test(url.pathname) ? 'css' : null;
    if (!kind || pending.has(url.href)) return;
    pending.set(
      url.href,
      (async () => {
        const response = await request.response();
        if (!response) throw new Error(`No response for ${url.href}`);
        const headers = await response.allHeaders();
        const length = Number(headers['content-length']);
        const sent = headers['content-encoding'] === 'gzip' && Number.isFinite(length);
        const { startTime, responseEnd } = request.timing();
        const body = await bodyOf(response, url);
        const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
        return {
          path: url.pathname,
          kind,
          gzipBytes: sent ? length : gzipSync(body, { level: 9 }).length,
          gzip: sent ? 'sent' : 'computed',
          brotliBytes: body.length < 1024 ? body.length : brotli,
          start: startTime,
          end: startTime + responseEnd,
        } satisfies Asset;
      })(),
    );
  });
  return {
    settled: () => {
      recording = false;
      return Promise.all(pending.values());
    },
  };
}

export const sumBytes = (
  assets: readonly Asset[],
  kind: Asset['kind'],
  encoding: 'gzipBytes' | 'brotliBytes' = 'gzipBytes',
) => assets.filter((asset) => asset.kind === kind).reduce((total, asset) => total + asset[encoding], 0);
