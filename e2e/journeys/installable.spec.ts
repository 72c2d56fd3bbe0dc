import { expect, test } from '@playwright/test';
import { openSignedIn } from './sign-in.ts';

// The installable app (docs/web.md, "The installable app"): its manifest, its service worker, and the app opening
// from what the service worker kept when the network is cut.

test.use({ serviceWorkers: 'allow' });

test('the app can be installed, and with the network cut it opens from what its service worker kept', async ({
  page,
  context,
}) => {
  await openSignedIn(page, '/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Fieldbook',
    short_name: 'Fieldbook',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual([
    '192x192',
    '512x512',
    '512x512',
  ]);
  for (const icon of manifest.icons as { src: string }[])
    expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');

  // The service worker takes the page over once it has kept every file of this version.
  expect(await page.evaluate('navigator.serviceWorker.ready.then(() => true)')).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  expect(await page.evaluate('Boolean(navigator.serviceWorker.controller)')).toBe(true);
  // Chromium's own installability check (what Lighthouse's installable-manifest audit asked, before Lighthouse 12
  // dropped its PWA audits).
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);

  // No network: the app still opens, from the service worker, and says plainly that signing in needs the network
  // (the browser keeps no tokens across a reload: the session is restored from the identity provider).
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText(
    'Fieldbook could not be reached to sign you in. Check your connection, then try again.',
  );
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Customers' })).toBeVisible();
});
