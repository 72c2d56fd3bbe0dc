import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { checkScreen } from './axe-check.ts';
import { openSignedInWithApi } from './page-api.ts';
import { type Api, type Job, readyJob, technician, unique } from './scheduled-jobs.ts';
import { openSignedIn } from './sign-in.ts';
import { drawSignature } from './signature.ts';

// A technician's day with no signal (docs/offline.md): their week kept on the phone, what they do kept there and
// sent when the network returns, once each. Each journey makes its own visits today for the demo's first
// technician (Sam Nguyen, tech1), so the journeys beside it do not meet them.

const TECHNICIAN = { email: 'tech1@fieldbook.example', password: 'fieldbook-demo' };

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true });

/** The office, at a desk in a browser of its own, with the API its page calls. */
async function office(browser: Browser): Promise<{ desk: Page; api: Api; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await context.newPage();
  const api = await openSignedInWithApi(desk, '/jobs/search');
  return { desk, api, close: () => context.close() };
}

/** A visit for tech1 starting now (today, in any time zone of the organisation) for an hour. */
async function visitNow(api: Api, customer: string): Promise<Job> {
  const start = new Date();
  const { job } = await readyJob(
    api,
    {
      start: start.toISOString(),
      finish: new Date(start.getTime() + 60 * 60_000).toISOString(),
      technician: (await technician(api, 'SE01')).id,
    },
    { customer, reference: "Leaking tap & the kitchen's mixer" },
  );
  return job;
}

/** Opens the technician's day, waits until the app works offline (service worker) and the week is kept on the phone. */
async function openDayKept(page: Page): Promise<void> {
  await openSignedIn(page, '/today', TECHNICIAN);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  expect(await page.evaluate('navigator.serviceWorker.ready.then(() => true)')).toBe(true);
  await expect
    .poll(() => page.evaluate(keptVisits), { timeout: 30_000, message: 'the week is kept on the device' })
    .toBeGreaterThan(0);
}

/** How many queries the device keeps of the last user's week (0 before it is kept). */
const keptVisits = `new Promise((resolve) => {
  const open = indexedDB.open('fieldbook-device');
  // Not made here: only the app makes its database.
  open.onupgradeneeded = () => open.transaction.abort();
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('copies')) return resolve(0);
    const all = db.transaction('copies').objectStore('copies').getAll();
    all.onsuccess = () => resolve(all.result.reduce((sum, copy) => sum + copy.queries.length, 0));
  };
  open.onerror = () => resolve(0);
})`;

const visitCard = (page: Page, customer: string) =>
  page.getByRole('list', { name: 'Visits' }).getByRole('listitem').filter({ hasText: customer });

test('with no signal the day opens from the phone; Start, a note, a photo and Finish with a signature are kept, then sent once each', async ({
  page,
  context,
  browser,
}) => {
  const desk = await office(browser);
  const customer = `Nguyễn & O'Hara Family Trust ${unique()}`;
  const job = await visitNow(desk.api, customer);
  await openDayKept(page);
  await expect(visitCard(page, customer)).toBeVisible();

  // In the basement: no network, and the app is opened again from the home screen.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByText(/^Offline: showing what was saved at \d{1,2}:\d\d [ap]m\.$/)).toBeVisible();
  await checkScreen(page, 'Today offline, on a phone');
  // A day past the week kept says it needs a connection, rather than spinning.
  await page.getByRole('textbox', { name: 'Date' }).fill('2030-06-03');
  await expect(
    page.getByText(
      'This needs a connection: it is not kept on this device. It will load when you are back online.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await visitCard(page, customer).getByRole('heading').getByRole('link').click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Job ${job.number}: Leaking tap & the kitchen's mixer` }),
  ).toBeVisible();

  const startedAt = Date.now();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText(`Job ${job.number} started: saved on this device`)).toBeVisible();
  await expect(page.getByRole('row', { name: /^Status In progress/ })).toBeVisible();
  // The visit shows when it started, as it will be recorded.
  await expect(page.getByRole('row', { name: /^Actual start \d/ })).toBeVisible();

  const notes = page.getByRole('region', { name: 'Notes' });
  await notes
    .getByRole('textbox', { name: /^New note/ })
    .fill("No signal down here: isolated the mixer's supply & drained it.");
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText(/^Note saved on this device/)).toBeVisible();

  const photos = page.getByRole('region', { name: 'Photos and files' });
  const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3a7d44' } })
    .png()
    .toBuffer();
  await photos
    .locator('input[type=file][capture]')
    .setInputFiles({ name: 'IMG_0500.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByText(/^1 photo saved on this device/)).toBeVisible();

  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Finish job ${job.number}` });
  await dialog.getByRole('textbox', { name: "Customer's name" }).fill("Siobhán O'Hara");
  await drawSignature(page, dialog);
  await dialog.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page.getByText(`Job ${job.number} finished: saved on this device`)).toBeVisible();
  await expect(page.getByRole('row', { name: /^Status Completed/ })).toBeVisible();
  const finishedAt = Date.now();

  // Start, the note, the photo, the sign-off and the finish wait, in that order.
  const waiting = page.getByRole('button', { name: '5 waiting' });
  await expect(waiting).toBeVisible();
  await waiting.click();
  const list = page.getByRole('dialog', { name: 'Waiting to send' });
  await expect(list.getByRole('region')).toHaveText([
    /Start/,
    /Note: No signal down here/,
    /Photo IMG_0500\.png/,
    /Signed by Siobhán O'Hara/,
    /Finish/,
  ]);
  await checkScreen(page, 'what waits to be sent, on a phone');
  await page.keyboard.press('Escape');

  // Signing out would delete what waits: it asks first.
  await page.getByRole('button', { name: /signed in as Sam Nguyen/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const asking = page.getByRole('dialog', { name: '5 actions are not sent yet' });
  await expect(asking).toBeVisible();
  await asking.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(asking).toBeHidden();

  // Back in the van: the network returns, the app signs in again behind the screen and sends what waited.
  const onlineAt = Date.now();
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /waiting$/ })).toBeHidden({ timeout: 30_000 });

  // Started and finished when they were tapped, not when the network came back.
  const sent = (await desk.api.get(`/api/jobs/${job.id}`)) as Job;
  expect(sent.status).toBe('OPEN_COMPLETED');
  const [start, finish] = [Date.parse(String(sent.actualStart)), Date.parse(String(sent.actualFinish))];
  expect(start).toBeGreaterThanOrEqual(startedAt - 1000);
  expect(finish).toBeGreaterThan(start);
  expect(finish).toBeLessThanOrEqual(finishedAt);
  expect(finishedAt).toBeLessThan(onlineAt);
  const sentNotes = (await desk.api.get(`/api/jobs/${job.id}/notes`)) as { text: string }[];
  expect(sentNotes.map((note) => note.text)).toEqual([
    "No signal down here: isolated the mixer's supply & drained it.",
  ]);
  const files = (await desk.api.get(`/api/jobs/${job.id}/attachments`)) as { filename: string }[];
  expect(files.map((file) => file.filename)).toEqual(['IMG_0500.png']);
  const signature = (await desk.api.get(`/api/jobs/${job.id}/signature`)) as {
    signerName: string;
    image: string;
    signedAt: string;
  };
  expect(signature.signerName).toBe("Siobhán O'Hara");
  expect(signature.image).toMatch(/^data:image\/png;base64,/);
  expect(Date.parse(signature.signedAt)).toBeLessThanOrEqual(finishedAt);

  // The office's browser shows it Completed, with the note and the photo once.
  await desk.desk.goto(`/jobs/${job.id}`);
  await expect(desk.desk.getByRole('row', { name: /^Status Completed/ })).toBeVisible();
  await expect(desk.desk.getByRole('region', { name: 'Notes' }).getByText('No signal down here')).toHaveCount(
    1,
  );
  await expect(
    desk.desk
      .getByRole('region', { name: 'Photos and files' })
      .getByRole('button', { name: /IMG_0500\.png/ }),
  ).toHaveCount(1);
  await desk.close();
});

test('the office changes jobs while the technician is offline: a Start still allowed is applied, one no longer allowed is shown to choose', async ({
  page,
  context,
  browser,
}) => {
  const desk = await office(browser);
  const movedName = `Moved & Co ${unique()}`;
  const cancelledName = `D'Arcy Cancelled ${unique()}`;
  const moved = await visitNow(desk.api, movedName);
  const cancelled = await visitNow(desk.api, cancelledName);
  await openDayKept(page);

  await context.setOffline(true);
  for (const name of [movedName, cancelledName]) {
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await visitCard(page, name).getByRole('heading').getByRole('link').click();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByText(/started: saved on this device/).first()).toBeVisible();
    await page.goBack();
  }
  await expect(page.getByRole('button', { name: '2 waiting' })).toBeVisible();

  // Meanwhile the office moves one an hour later (still Scheduled) and cancels the other.
  const later = new Date(Date.now() + 60 * 60_000);
  const current = (await desk.api.get(`/api/jobs/${moved.id}`)) as Job;
  await desk.api.put(`/api/jobs/${moved.id}`, {
    ...current,
    scheduledStart: later.toISOString(),
    scheduledFinish: new Date(later.getTime() + 60 * 60_000).toISOString(),
  });
  const other = (await desk.api.get(`/api/jobs/${cancelled.id}`)) as Job;
  await desk.api.put(`/api/jobs/${cancelled.id}`, { ...other, status: 'CLOSED_CANCELLED' });

  await context.setOffline(false);
  const stuck = page.getByRole('button', { name: '1 not sent' });
  await expect(stuck).toBeVisible({ timeout: 30_000 });
  expect(((await desk.api.get(`/api/jobs/${moved.id}`)) as Job).status).toBe('OPEN_IN_PROGRESS');
  expect(((await desk.api.get(`/api/jobs/${cancelled.id}`)) as Job).status).toBe('CLOSED_CANCELLED');

  await stuck.click();
  const list = page.getByRole('dialog', { name: 'Waiting to send' });
  await expect(list).toContainText(
    'Not sent: when you did this the job was Scheduled. It has since been made Cancelled (Closed), on another device or by the office, and that does not allow it.',
  );
  await checkScreen(page, 'an action in conflict, on a phone');
  await list.getByRole('button', { name: 'Discard' }).click();
  await expect(list.getByText('Everything has been sent.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /waiting$|not sent$/ })).toBeHidden();
  await desk.close();
});
