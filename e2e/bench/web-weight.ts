/**
 * What does a phone download to show the signed-in customers list, and the signed-out sign-in page?
 * Starts the server (embedded issuer, demo data in a temporary PGlite) on 127.0.0.1 over the built web app,
 * signs in with the demo user, then loads /customers/search with an empty browser cache and prints every
 * JavaScript and CSS file it fetched with its size as transferred, once with brotli and once with gzip only.
 * The same for a signed-out first visit to / (which ends on the sign-in page).
 *
 *   npm run build && npm run bench:web          # WEB_DIST_DIR picks another build
 */
import { type BrowserContext, chromium } from '@playwright/test';
import { findChromium } from '../chromium.ts';
import { withBenchServer } from './bench-server.ts';

type Fetched = { url: string; bytes: number };

/** Loads `path` with an empty browser cache and returns the JS and CSS files fetched, as transferred. */
async function load(
  context: BrowserContext,
  base: string,
  path: string,
  encoding: string,
  ready: string,
): Promise<Fetched[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': encoding } });
  const urls = new Map<string, string>();
  const fetched: Fetched[] = [];
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId);
    if (url && /\.(js|css)(\?|$)/.test(url)) fetched.push({ url, bytes: event.encodedDataLength });
  });
  await page.goto(base + path);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.close();
  return fetched;
}

function report(title: string, fetched: Fetched[]): void {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const sum = (pattern: RegExp) =>
    fetched.filter((f) => pattern.test(f.url)).reduce((total, f) => total + f.bytes, 0);
  console.log(
    `\n${title}: JavaScript ${kib(sum(/\.js/))} in ${fetched.filter((f) => /\.js/.test(f.url)).length} files, CSS ${kib(sum(/\.css/))}`,
  );
  for (const file of [...fetched].sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${kib(file.bytes).padStart(10)}  ${new URL(file.url).pathname}`);
  }
}

await withBenchServer(async (base) => {
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
  for (const encoding of ['br, gzip', 'gzip']) {
    const signedOut = await browser.newContext({ viewport: { width: 390, height: 844 } });
    report(
      `Signed-out first visit, sign-in page (${encoding})`,
      await load(signedOut, base, '/', encoding, 'input[name="email"], input[type="email"]'),
    );
    await signedOut.close();

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByLabel('Email').fill('demo@fieldbook.example');
    await page.getByLabel('Password').fill('fieldbook-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.close();
    report(
      `Signed in, /customers/search (${encoding})`,
      await load(context, base, '/customers/search', encoding, 'table'),
    );
    await context.close();
  }
  await browser.close();
});
