import { type Browser, expect, type Locator, test } from '@playwright/test';
import sharp from 'sharp';
import { checkScreen } from './axe-check.ts';
import { openSignedInWithApi } from './page-api.ts';
import { downloadBy, pdfImageCount, pdfText } from './pdf-download.ts';
import { readyJob, technician } from './scheduled-jobs.ts';
import { openSignedIn } from './sign-in.ts';
import { drawSignature } from './signature.ts';

// A Technician's day on a phone (the demo's second technician: the demo seeds each a day today and tomorrow).
const TECHNICIAN = { email: 'tech2@fieldbook.example', password: 'fieldbook-demo' };

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/**
 * A phone photo as a phone writes it: 300×200 pixels stored sideways, with an EXIF orientation of 6 (upright it is
 * 200×300) and the GPS position where it was taken.
 */
async function phonePhoto(): Promise<Buffer> {
  const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2060c0' } })
    .composite([
      { input: { create: { width: 150, height: 200, channels: 3, background: '#e02020' } }, left: 0, top: 0 },
    ])
    .jpeg()
    .toBuffer();
  return sharp(sideways)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '37/1 49/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '144/1 58/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

test("a Technician's home is their day: visit cards with directions and a call, tomorrow's, then a visit and a note", async ({
  page,
}) => {
  await openSignedIn(page, '/', TECHNICIAN);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page).toHaveURL(/\/today$/);
  const visits = page.getByRole('list', { name: 'Visits' });
  await expect(visits.getByRole('listitem').first()).toBeVisible();
  expect(await visits.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
  // The next visit stands out, unless the day is done with (the demo's hours and the clock's decide).
  expect(await visits.getByText('Next', { exact: true }).count()).toBeLessThanOrEqual(1);
  const directions = visits.getByRole('link', { name: /^Directions to / }).first();
  expect(await directions.getAttribute('href')).toMatch(
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=.+/,
  );
  await expect(visits.getByRole('link', { name: /^Call / }).first()).toHaveAttribute('href', /^tel:\+?\d+/);
  await checkScreen(page, 'Today, on a phone');

  // One-handed: no sideways scrolling, and every control in the day at least 44 px tall.
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  for (const control of await page.getByRole('main').locator('a, button, input, select').all()) {
    const box = await control.boundingBox();
    if (box) expect(box.height, (await control.textContent()) ?? '').toBeGreaterThanOrEqual(44);
  }

  await page.getByRole('button', { name: 'Tomorrow' }).click();
  await expect(page).toHaveURL(/\/today\?date=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Today');
  await expect(visits.getByRole('listitem').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  // A day typed into the Date box opens once typed, not each date the keys pass through on the way. The box's
  // order of day and month is the browser's own (en-US in the headless shell, whatever the page's language).
  const year = new Date().getFullYear() + 1;
  await page.getByLabel('Date').focus();
  await page.keyboard.type(`0403${year}`);
  await expect(page).toHaveURL(/\/today\?date=\d{4}-\d{2}-\d{2}$/);
  const typed = await page.getByLabel('Date').inputValue();
  expect([`${year}-03-04`, `${year}-04-03`]).toContain(typed);
  await expect(page).toHaveURL(new RegExp(`/today\\?date=${typed}$`));
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  // The visit itself: the job, where a note is added.
  const first = visits.getByRole('listitem').first();
  const customer = (await first.getByRole('heading').textContent()) ?? '';
  await first.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Job \d+/ })).toBeVisible();
  await expect(page.getByText(customer).first()).toBeVisible();
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes
    .getByRole('textbox', { name: /^New note/ })
    .fill('On site: the meter box key is under the mat & the gate sticks.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
});

test('a visit on a phone: On my way, Start, then Finish with the work done and a signature drawn with a finger; the office sees the sign-off', async ({
  page,
  browser,
}) => {
  await openSignedIn(page, '/today', { email: 'tech1@fieldbook.example', password: 'fieldbook-demo' });
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  // A Scheduled visit: another journey may have put a job of its own, already started, on tomorrow (near midnight).
  const visit = page
    .getByRole('list', { name: 'Visits' })
    .getByRole('listitem')
    .filter({ hasText: /Scheduled/ })
    .first();
  await visit.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Job \d+/ })).toBeVisible();
  const number = /^Job (\d+)/.exec((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[1];

  // On my way first: when they expect to arrive, and an email to the customer (when they have an address).
  await page.getByRole('button', { name: 'On my way', exact: true }).click();
  const going = page.getByRole('dialog', { name: `On my way to job ${number}` });
  await going.getByRole('radio', { name: '45 minutes' }).check();
  await checkScreen(page, 'On my way, on a phone');
  await going.getByRole('button', { name: 'On my way', exact: true }).click();
  await expect(page.getByText(/^On my way recorded\./)).toBeVisible();
  await expect(page.getByText(/^On my way since \d{1,2}:\d\d [ap]m: arriving /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'On my way again' })).toBeVisible();
  await checkScreen(page, 'the visit, on a phone');

  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText(`Job ${number} started: In progress.`)).toBeVisible();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Finish job ${number}` });
  // The notice that said so goes under the dialog's shade, where it cannot cover the dialog's buttons.
  await expect(dialog).toBeVisible();
  const started = page.getByText(`Job ${number} started: In progress.`);
  expect(
    await started.evaluate((notice) => {
      const { x, y, width, height } = notice.getBoundingClientRect();
      return notice.contains(notice.ownerDocument.elementFromPoint(x + width / 2, y + height / 2));
    }),
  ).toBe(false);
  await dialog
    .getByRole('textbox', { name: /^Work done/ })
    .fill("Replaced the mixer's cartridge & tested for leaks: none.");
  await dialog.getByRole('textbox', { name: "Customer's name" }).fill("Mary-Kate O'Sullivan");
  await checkScreen(page, 'the finish form, on a phone');

  // A signature drawn with a finger: a stroke across the box.
  await drawSignature(page, dialog);
  await dialog.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page.getByText(`Job ${number} finished: Completed.`)).toBeVisible();

  // A photo from the phone's camera: sideways with its EXIF orientation, and where it was taken.
  const photos = page.getByRole('region', { name: 'Photos and files' });
  await photos
    .locator('input[type=file][capture]')
    .setInputFiles({ name: 'IMG_0412.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
  await expect(page.getByText('1 file added.')).toBeVisible();
  await expect(photos.getByRole('button', { name: 'Open photo IMG_0412.jpg' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Status Completed$/ })).toBeVisible();
  const url = page.url();

  // The office opens the job: the note and the sign-off with the signature.
  const office = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await office.newPage();
  await openSignedIn(desk, new URL(url).pathname, {
    email: 'office@fieldbook.example',
    password: 'fieldbook-demo',
  });
  const signOff = desk.getByRole('region', { name: 'Sign-off' });
  await expect(signOff.getByText("Signed by Mary-Kate O'Sullivan")).toBeVisible();
  const signature = signOff.getByRole('img', { name: "Signature of Mary-Kate O'Sullivan" });
  await expect(signature).toBeVisible();
  expect(await signature.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await expect(
    desk.getByRole('region', { name: 'Notes' }).getByText("Replaced the mixer's cartridge"),
  ).toBeVisible();
  // The photo, upright: opened, it is taller than it is wide.
  await desk
    .getByRole('region', { name: 'Photos and files' })
    .getByRole('button', { name: 'Open photo IMG_0412.jpg' })
    .click();
  const opened = desk
    .getByRole('dialog', { name: 'IMG_0412.jpg' })
    .getByRole('img', { name: 'Photo IMG_0412.jpg' });
  await expect(opened).toBeVisible();
  await expect
    .poll(() =>
      opened.evaluate((element) => {
        const image = element as unknown as { naturalWidth: number; naturalHeight: number };
        return [image.naturalWidth, image.naturalHeight];
      }),
    )
    .toEqual([200, 300]);
  await checkScreen(desk, 'a photo opened on the job viewer');
  await desk.keyboard.press('Escape');
  // The job sheet, as proof of the work: the note, the photo and the sign-off.
  const sheet = await downloadBy(desk, 'PDF');
  const text = await pdfText(sheet);
  for (const shown of [
    'WORK NOTES',
    "Replaced the mixer's cartridge",
    'PHOTOS',
    'IMG_0412.jpg',
    "Signed by Mary-Kate O'Sullivan",
  ])
    expect(text).toContain(shown);
  expect(await pdfImageCount(sheet)).toBeGreaterThanOrEqual(2);
  await checkScreen(desk, 'the job viewer with its sign-off');
  await office.close();
});

test('a visit finished by keyboard alone: Start, the work done and a typed signature', async ({ page }) => {
  await openSignedIn(page, '/today', TECHNICIAN);
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  // A Scheduled visit: another journey may have put a job of its own, already started, on tomorrow (near midnight).
  const visit = page
    .getByRole('list', { name: 'Visits' })
    .getByRole('listitem')
    .filter({ hasText: /Scheduled/ })
    .first();
  await visit.getByRole('heading').getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Job \d+/ })).toBeVisible();
  const number = /^Job (\d+)/.exec((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[1];
  const press = async (name: string) => {
    await page.getByRole('button', { name, exact: true }).focus();
    await page.keyboard.press('Enter');
  };
  await press('Start');
  await expect(page.getByText(`Job ${number} started: In progress.`)).toBeVisible();
  await press('Finish');
  const dialog = page.getByRole('dialog', { name: `Finish job ${number}` });
  await dialog.getByRole('textbox', { name: /^Work done/ }).focus();
  await page.keyboard.type('Cleared the drain & flushed the line.');
  await dialog.getByRole('button', { name: 'Type a signature instead' }).focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('textbox', { name: /^Customer's signature, typed/ }).focus();
  await page.keyboard.type("Siobhán O'Neill-Nguyen");
  await checkScreen(page, 'the finish form with a typed signature');
  await dialog.getByRole('button', { name: 'Finish', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Job ${number} finished: Completed.`)).toBeVisible();
  const signOff = page.getByRole('region', { name: 'Sign-off' });
  await expect(signOff.getByRole('img', { name: /^Signature of / })).toBeVisible();
});

/** A visit of tech2's of its own, starting now for an hour, made by the office in a browser of its own. */
async function visitNow(browser: Browser): Promise<{ id: string; number: number }> {
  const office = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const api = await openSignedInWithApi(await office.newPage(), '/jobs/search');
  const start = new Date();
  const { job } = await readyJob(api, {
    start: start.toISOString(),
    finish: new Date(start.getTime() + 60 * 60_000).toISOString(),
    technician: (await technician(api, 'SE02')).id,
  });
  await office.close();
  return job;
}

/**
 * How far a finger's tap on `control` reaches, through its middle: across and up and down, the points where a tap
 * lands on it (or on a label of its).
 */
function tapArea(control: Locator): Promise<{ width: number; height: number }> {
  return control.evaluate((element) => {
    const reaches = (x: number, y: number) => {
      const hit = element.ownerDocument.elementFromPoint(x, y);
      return hit !== null && (element.contains(hit) || hit.closest('label')?.control === element);
    };
    const box = element.getBoundingClientRect();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const reach = (dx: number, dy: number) => {
      let steps = 0;
      while (steps < 400 && reaches(x + dx * (steps + 1), y + dy * (steps + 1))) steps += 1;
      return steps;
    };
    return { width: reach(-1, 0) + 1 + reach(1, 0), height: reach(0, -1) + 1 + reach(0, 1) };
  });
}

test("a visit's small controls are targets a finger hits: On my way's choices, the waiting list's job links, 'Customer not present'", async ({
  page,
  browser,
  context,
}) => {
  const job = await visitNow(browser);
  await openSignedIn(page, `/jobs/${job.id}`, TECHNICIAN);
  const atLeast44 = async (control: Locator, name: string) => {
    const area = await tapArea(control);
    expect.soft(area.width, `${name}: width`).toBeGreaterThanOrEqual(44);
    expect.soft(area.height, `${name}: height`).toBeGreaterThanOrEqual(44);
  };

  await page.getByRole('button', { name: 'On my way', exact: true }).click();
  const going = page.getByRole('dialog', { name: `On my way to job ${job.number}` });
  for (const radio of await going.getByRole('radio').all())
    await atLeast44(radio, (await radio.getAttribute('value')) ?? 'a radio');
  await atLeast44(
    going.getByRole('checkbox', { name: /^Email .* that I'm on my way/ }),
    'the email checkbox',
  );
  // The row is the target: a tap at its far end ticks the box.
  const email = going.getByRole('checkbox', { name: /^Email .* that I'm on my way/ });
  await expect(email).toBeChecked();
  const row = await email.evaluate((box) => {
    const label = box.labels?.[0]?.getBoundingClientRect();
    return label ? { x: label.right - 4, y: label.top + label.height / 2 } : null;
  });
  if (!row) throw new Error('The email checkbox has no label');
  await page.touchscreen.tap(row.x, row.y);
  await expect(email).not.toBeChecked();
  await going.getByRole('button', { name: 'Cancel' }).click();

  // Started with no signal: the list of what waits links to the job. (The device's side of the app, which keeps
  // it, is loaded first: with no service worker here, it could not be loaded offline.)
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => entry.name.includes('/device-work-')),
      ),
    )
    .toBe(true);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText(new RegExp(`^Job ${job.number} started: saved on this device`))).toBeVisible();
  await page.getByRole('button', { name: '1 waiting' }).click();
  const waiting = page.getByRole('dialog', { name: 'Waiting to send' });
  await atLeast44(waiting.getByRole('link', { name: `Job ${job.number}` }), 'the job link');
  await page.keyboard.press('Escape');
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: '1 waiting' })).toBeHidden();

  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  const finishing = page.getByRole('dialog', { name: `Finish job ${job.number}` });
  await atLeast44(finishing.getByRole('checkbox', { name: 'Customer not present' }), 'Customer not present');
});

/** The signature box's canvas: its pixels and its size as shown, and where the ink is across it. */
function canvasOf(pad: Locator) {
  return pad.evaluate((element) => {
    // The page's canvas (the journeys are typed without the DOM's types).
    const canvas = element as unknown as {
      width: number;
      height: number;
      offsetWidth: number;
      offsetHeight: number;
      getContext(kind: '2d'): { getImageData(...area: number[]): { data: Uint8ClampedArray } } | null;
    };
    const { width, height } = canvas;
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, width, height).data ?? [];
    let [left, right, top, bottom] = [width, -1, height, -1];
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1)
        if ((pixels[(y * width + x) * 4] ?? 255) < 200) {
          [left, right] = [Math.min(left, x), Math.max(right, x)];
          [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
        }
    const ratio = Math.max(element.ownerDocument.defaultView?.devicePixelRatio ?? 1, 1);
    return {
      sized:
        width === Math.floor(canvas.offsetWidth * ratio) &&
        height === Math.floor(canvas.offsetHeight * ratio),
      width,
      left,
      right,
      inkHeight: bottom - top,
    };
  });
}

test('a signature drawn after turning the phone sideways fills the wider box; turned back, the drawing is kept whole', async ({
  page,
  browser,
}) => {
  const job = await visitNow(browser);
  await openSignedIn(page, `/jobs/${job.id}`, TECHNICIAN);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Finish job ${job.number}` });
  await dialog.getByRole('textbox', { name: "Customer's name" }).fill('Rosa Rotate');
  const pad = dialog.getByRole('img', { name: "Customer's signature" });
  await expect.poll(async () => (await canvasOf(pad)).sized).toBe(true);
  await drawSignature(page, dialog);
  const upright = await canvasOf(pad);
  expect(upright.right).toBeGreaterThan(0);

  // Sideways: the canvas takes the wider box's size, the signature drawn upright still on it.
  await page.setViewportSize({ width: 844, height: 390 });
  await expect.poll(async () => (await canvasOf(pad)).width).toBeGreaterThan(upright.width);
  const sideways = await canvasOf(pad);
  expect(sideways.sized).toBe(true);
  expect(sideways.right).toBe(upright.right);
  // Drawn across the wide box: the stroke reaches where the finger went, near its right edge.
  await drawSignature(page, dialog);
  const across = await canvasOf(pad);
  expect(across.right).toBeGreaterThan(across.width * 0.8);

  // Upright again: the drawing is made smaller to fit, not cut off at the narrower box's edge.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await canvasOf(pad)).width).toBe(upright.width);
  const back = await canvasOf(pad);
  expect(back.sized).toBe(true);
  expect(back.right).toBeGreaterThan(back.width * 0.8);
  expect(back.inkHeight).toBeLessThan(across.inkHeight * 0.8);

  await dialog.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page.getByText(`Job ${job.number} finished: Completed.`)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Sign-off' }).getByRole('img', { name: 'Signature of Rosa Rotate' }),
  ).toBeVisible();
});
