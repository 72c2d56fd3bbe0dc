import { expect, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { openSignedIn } from './sign-in.ts';

// A Technician's day on a phone (the demo's second technician: the demo seeds each a day today and tomorrow).
const TECHNICIAN = { email: 'tech2@fieldbook.example', password: 'fieldbook-demo' };

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

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
  expect(await visits.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
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
