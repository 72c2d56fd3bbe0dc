// The screenshots in docs/ (`npm run screenshots`, after `npm run build`), at 390×844 on a fresh demo database: a
// Technician's phone (Today, the visit with On my way, the finish form) as the demo's first technician; and a
// customer's phone on a quote's public page, from a demo quote with options that the office emails.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { withBenchServer } from './bench-server.ts';
import { launchChromium } from './browser-bench.ts';

const OUT = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const TECHNICIAN = { email: 'tech1@fieldbook.example', password: 'fieldbook-demo' };

/** A dialog's opening or closing runs for a fraction of a second: the picture is taken after it. */
const settled = (page: Page) => page.waitForTimeout(600);

await withBenchServer(async (base) => {
  const browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: true,
    locale: 'en-AU',
    timezoneId: 'Australia/Melbourne',
  });
  const page = await context.newPage();
  await page.goto(`${base}/today`);
  await page.getByLabel('Email').fill(TECHNICIAN.email);
  await page.getByLabel('Password').fill(TECHNICIAN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Tomorrow's day: every visit still to come, whatever the hour.
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  const visits = page.getByRole('list', { name: 'Visits' });
  await visits.getByRole('listitem').first().waitFor();
  await page.screenshot({ path: join(OUT, 'today-390.png') });

  await visits.getByRole('listitem').first().getByRole('heading').getByRole('link').click();
  await page.getByRole('button', { name: 'On my way', exact: true }).click();
  await page.getByRole('dialog').getByRole('radio', { name: '30 minutes' }).check();
  await settled(page);
  await page.screenshot({ path: join(OUT, 'on-my-way-390.png') });
  await page.getByRole('dialog').getByRole('button', { name: 'On my way', exact: true }).click();
  await page.getByRole('button', { name: 'On my way again' }).waitFor();
  await settled(page);
  await page.screenshot({ path: join(OUT, 'visit-390.png') });
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('textbox', { name: /^Work done/ })
    .fill("Replaced the mixer's cartridge & tested: no leaks.");
  const pad = await dialog.getByRole('img', { name: "Customer's signature" }).boundingBox();
  if (pad) {
    await page.mouse.move(pad.x + 30, pad.y + pad.height * 0.6);
    await page.mouse.down();
    for (let step = 1; step <= 16; step++)
      await page.mouse.move(
        pad.x + 30 + step * ((pad.width - 60) / 16),
        pad.y + pad.height * (step % 2 ? 0.35 : 0.65),
      );
    await page.mouse.up();
  }
  await page.screenshot({ path: join(OUT, 'finish-form-390.png') });

  // The office emails a Sent demo quote with options; the customer opens its link with no sign-in.
  const office = await (
    await browser.newContext({ locale: 'en-AU', timezoneId: 'Australia/Melbourne' })
  ).newPage();
  await office.goto(`${base}/sales/quotes/search?q=${encodeURIComponent('status:OPEN_SENT expired:false')}`);
  await office.getByLabel('Email').fill('demo@fieldbook.example');
  await office.getByLabel('Password').fill('fieldbook-demo');
  await office.getByRole('button', { name: 'Sign in' }).click();
  const rows = office.getByRole('table', { name: 'Quotes' }).getByRole('row');
  await rows.nth(1).waitFor();
  // The demo's Sent quote with options is titled "Repair or replace".
  await rows.filter({ hasText: 'Repair or replace' }).first().getByRole('link').first().click();
  await office.getByRole('button', { name: 'Email', exact: true }).click();
  const email = office.getByRole('dialog');
  await email.getByLabel(/^To/).fill('accounts@example.test');
  await email.getByRole('button', { name: 'Send' }).click();
  await office.getByText(/waits in the Outbox/).waitFor();
  await office.goto(`${base}/settings/outbox`);
  await office
    .getByRole('row')
    .filter({ hasText: 'accounts@example.test' })
    .first()
    .getByRole('link')
    .first()
    .click();
  await office.getByRole('heading', { level: 2, name: 'Message' }).waitFor();
  const link = /http:\/\/[^\s]+\/q\/[A-Za-z0-9_-]{32}/.exec(await office.getByRole('main').innerText())?.[0];
  if (!link) throw new Error('The quote email holds no link');
  await page.goto(link);
  await page.getByRole('button', { name: 'Accept quote' }).waitFor();
  await page.screenshot({ path: join(OUT, 'quote-page-390.png'), fullPage: true });
  await browser.close();
  console.log(
    `Written to ${OUT}: today-390.png, on-my-way-390.png, visit-390.png, finish-form-390.png, quote-page-390.png`,
  );
});
