import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { openSignedInWithApi } from './page-api.ts';
import { type Api, type Job, readyJob, technician, unique } from './scheduled-jobs.ts';

// The scheduler on the demo organisation. Each journey works on its own day years ahead (nothing else is
// scheduled there) with jobs it makes through the API, so journeys running beside it do not meet its jobs.

/** Signs in on the scheduler and lends the test the page's own bearer token, to make jobs as a colleague would. */
const openScheduler = (page: Page, date: string): Promise<Api> =>
  openSignedInWithApi(page, `/scheduler?date=${date}`);

const board = (page: Page) => page.getByRole('region', { name: "Technicians' schedule" });

/**
 * The point on the board at a technician's row and a time. The calendar draws its hours as `time` elements in slots
 * that start on the hour: the slot's left edge is the hour; a quarter of an hour is a quarter of the slot's width.
 */
async function pointOf(
  page: Page,
  row: string,
  date: string,
  hour: string,
): Promise<{ x: number; y: number }> {
  const slot = board(page).locator(`time[datetime="${date}T${hour}:00:00"]`).locator('..');
  const slotBox = await slot.boundingBox();
  const rowBox = await board(page).getByText(row, { exact: true }).boundingBox();
  if (!slotBox || !rowBox) throw new Error(`No ${row} at ${hour} on the board`);
  return { x: slotBox.x + slotBox.width / 16, y: rowBox.y + rowBox.height / 2 };
}

/**
 * Searches the ready list for a customer, and waits for the server's matches: the list shows them once typing
 * pauses, and a job dragged before that would be drawn again under the pointer.
 */
async function searchReady(page: Page, customer: string): Promise<void> {
  const readyList = page.getByRole('region', { name: /^Ready to be scheduled/ });
  await readyList.getByLabel('Search ready jobs').fill(customer);
  await expect(readyList.getByText(/^\d+ ready jobs? match/)).toBeVisible();
}

/** Drags a ready job from the list and drops it on the board (the browser's own drag and drop). */
async function dropOnBoard(page: Page, number: number, at: { x: number; y: number }): Promise<void> {
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Job ${number}`, exact: true }) });
  const area = await board(page).boundingBox();
  if (!area) throw new Error('No board');
  await item.dragTo(board(page), { targetPosition: { x: at.x - area.x, y: at.y - area.y } });
}

/** Drags an event on the board by pointer from where it starts to a point. */
async function moveEvent(page: Page, event: Locator, to: { x: number; y: number }): Promise<void> {
  const from = await event.boundingBox();
  if (!from) throw new Error('No event');
  await page.mouse.move(from.x + 3, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + 1, to.y, { steps: 10 });
  await page.mouse.up();
}

const eventOf = (page: Page, number: number) =>
  board(page).getByRole('button', { name: new RegExp(`^Job ${number},`) });

test('a ready job dragged onto SE02 at 10:00 is scheduled there, moves to SE03 at 13:00, and the job follows', async ({
  page,
}) => {
  const date = '2031-03-04';
  const api = await openScheduler(page, date);
  const { job, customer } = await readyJob(api);
  const se02 = await technician(api, 'SE02');
  const se03 = await technician(api, 'SE03');
  // A colleague's job already on SE02 at 10:00: the dropped one is stacked beside it.
  const { job: beside } = await readyJob(api, {
    start: `${date}T10:00:00+11:00`,
    finish: `${date}T11:00:00+11:00`,
    technician: se02.id,
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduler' })).toBeVisible();
  await expect(page.getByText('Tuesday, 4 March 2031')).toBeVisible();

  const readyList = page.getByRole('region', { name: /^Ready to be scheduled/ });
  await searchReady(page, customer);
  await expect(readyList.getByRole('link', { name: `Job ${job.number}`, exact: true })).toBeVisible();
  await dropOnBoard(page, job.number, await pointOf(page, se02.name, date, '10'));

  await expect(
    page.getByRole('status').filter({ hasText: `Job ${job.number} scheduled: ${se02.name}` }),
  ).toBeVisible();
  await expect(readyList.getByRole('link', { name: `Job ${job.number}`, exact: true })).toHaveCount(0);
  const event = eventOf(page, job.number);
  await expect(event).toContainText(customer);
  await expect(event).toHaveAccessibleName(new RegExp(`${se02.name}, 10:00\\sam to 11:00\\sam, Scheduled`));
  await checkScreen(page, 'the scheduler with a job dropped on it');

  await event.click();
  await expect(page.getByRole('heading', { level: 1, name: /^Job \d+: Hot water system/ })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Status Scheduled' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Scheduled start 4 Mar 2031, 10:00\sam$/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Scheduled finish 4 Mar 2031, 11:00\sam$/ })).toBeVisible();
  await expect(page.getByRole('row', { name: `Assignee ${se02.name}` })).toBeVisible();

  await page.goBack();
  await expect(eventOf(page, job.number)).toBeVisible();
  await moveEvent(page, eventOf(page, job.number), await pointOf(page, se03.name, date, '13'));
  await expect(
    page.getByRole('status').filter({ hasText: `Job ${job.number} moved: ${se03.name}` }),
  ).toBeVisible();
  await expect(eventOf(page, job.number)).toHaveAccessibleName(
    new RegExp(`${se03.name}, 1:00\\spm to 2:00\\spm, Scheduled`),
  );

  // The 7-day view starts on the day shown, and has the job; the day view comes back as it was.
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByText('4 Mar – 10 Mar 2031')).toBeVisible();
  await expect(eventOf(page, job.number)).toBeVisible();
  await expect(page).toHaveURL(/days=7/);
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(page.getByText('Tuesday, 4 March 2031')).toBeVisible();
  // The browser's Back returns to the 7 days shown before, and Forward to the day.
  await page.goBack();
  await expect(page.getByText('4 Mar – 10 Mar 2031')).toBeVisible();
  await page.goForward();
  await expect(page.getByText('Tuesday, 4 March 2031')).toBeVisible();
  await expect(eventOf(page, job.number)).toBeVisible();
  // Back on a day read before, the two jobs at 10:00 are stacked, not drawn over each other.
  await moveEvent(page, eventOf(page, job.number), await pointOf(page, se02.name, date, '10'));
  await expect(
    page.getByRole('status').filter({ hasText: `Job ${job.number} moved: ${se02.name}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: '7 days' }).click();
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(eventOf(page, beside.number)).toBeVisible();
  await expect
    .poll(async () => {
      const [one, two] = [
        await eventOf(page, job.number).boundingBox(),
        await eventOf(page, beside.number).boundingBox(),
      ];
      return one && two ? Math.abs(one.y - two.y) >= Math.min(one.height, two.height) : false;
    })
    .toBe(true);
  await moveEvent(page, eventOf(page, job.number), await pointOf(page, se03.name, date, '13'));
  await expect(eventOf(page, job.number)).toHaveAccessibleName(
    new RegExp(`${se03.name}, 1:00\\spm to 2:00\\spm, Scheduled`),
  );

  await eventOf(page, job.number).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row', { name: /^Scheduled start 4 Mar 2031, 1:00\spm$/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Scheduled finish 4 Mar 2031, 2:00\spm$/ })).toBeVisible();
  await expect(page.getByRole('row', { name: `Assignee ${se03.name}` })).toBeVisible();
});

test("a job is scheduled from the keyboard with its Schedule form, on a phone's screen too", async ({
  page,
}) => {
  const date = '2031-03-11';
  const api = await openScheduler(page, date);
  const { job, customer } = await readyJob(api);
  const se04 = await technician(api, 'SE04');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await searchReady(page, customer);
  await checkScreen(page, 'the scheduler on a phone');

  await page.getByRole('button', { name: `Schedule job ${job.number}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Schedule job ${job.number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Technician')).toBeFocused();
  // Nothing chosen: the form says what is missing and saves nothing.
  await dialog.getByRole('button', { name: 'Schedule' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Choose the technician.')).toBeVisible();
  await expect(dialog.getByLabel('Technician')).toBeFocused();
  await dialog.getByLabel('Technician').selectOption({ label: se04.name });
  // A date box and a time box are the browser's own: typed into part by part (fill does that here).
  await dialog.getByLabel('Date').fill('2031-03-12');
  await dialog.getByLabel('Start time').fill('14:30');
  await expect(dialog.getByLabel('Duration')).toHaveValue('60');
  await checkScreen(page, 'the Schedule form on a phone');
  await dialog.getByRole('button', { name: 'Schedule' }).focus();
  await page.keyboard.press('Enter');

  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: `Job ${job.number} scheduled: ${se04.name}` }),
  ).toBeVisible();
  // The board goes to the day the job was put on.
  await expect(page.getByText('Wednesday, 12 March 2031')).toBeVisible();
  await expect(eventOf(page, job.number)).toHaveAccessibleName(
    new RegExp(`${se04.name}, 2:30\\spm to 3:30\\spm, Scheduled`),
  );
  await expect(page.getByRole('link', { name: `Job ${job.number}`, exact: true })).toHaveCount(0);
});

test('a job scheduled late in the evening shows on its day, past the board’s usual hours, and the keyboard goes on from it', async ({
  page,
}) => {
  const date = '2031-04-10';
  const api = await openScheduler(page, date);
  const { job, customer } = await readyJob(api);
  const se04 = await technician(api, 'SE04');
  await searchReady(page, customer);

  await page.getByRole('button', { name: `Schedule job ${job.number}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Schedule job ${job.number}` });
  await dialog.getByLabel('Technician').selectOption({ label: se04.name });
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Start time').fill('23:00');
  await dialog.getByLabel('Duration').selectOption('180');
  await dialog.getByRole('button', { name: 'Schedule' }).focus();
  await page.keyboard.press('Enter');

  // Its finish is on the next day, and says so.
  await expect(
    page.getByRole('status').filter({
      hasText: new RegExp(
        `Job ${job.number} scheduled: ${se04.name}, Thu, 10 Apr, 11:00\\spm to Fri, 11 Apr, 2:00\\sam\\.`,
      ),
    }),
  ).toBeVisible();
  const event = eventOf(page, job.number);
  await expect(event).toBeVisible();
  await expect(event).toHaveAccessibleName(/11:00\spm to Fri, 11 Apr, 2:00\sam, Scheduled/);
  // The Schedule button went with the job's place in the ready list: the keyboard goes on from the job's event.
  await expect(event).toBeFocused();
});

test('the ready list searches every ready job by the start of its words, typed by keyboard, and says when it cannot', async ({
  page,
}) => {
  const date = '2031-03-25';
  const api = await openScheduler(page, date);
  const tag = `zq${unique()}`;
  const { job } = await readyJob(api, undefined, { customer: `Ngaio & Tāne O'Sullivan-Smythe ${tag}` });
  const { job: other } = await readyJob(api, undefined, { customer: `Harbour & Sons ${tag}` });
  await page.reload();
  const readyList = page.getByRole('region', { name: /^Ready to be scheduled/ });
  const search = readyList.getByLabel('Search ready jobs');
  await search.focus();
  // The start of each word, accents and apostrophes as typed: the server finds it among all the ready jobs.
  await page.keyboard.type(`o'sull tane ${tag.slice(0, 5)}`);
  await expect(readyList.getByText('1 ready job matches.')).toBeVisible();
  await expect(readyList.getByRole('link', { name: `Job ${job.number}`, exact: true })).toBeVisible();
  await expect(readyList.getByRole('link', { name: `Job ${other.number}`, exact: true })).toHaveCount(0);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(tag);
  await expect(readyList.getByText('2 ready jobs match.')).toBeVisible();
  await checkScreen(page, "the scheduler's ready list searched");

  // With the network cut the search waits and says so, what was typed stays, and it runs when the network is back.
  await page.context().setOffline(true);
  await page.keyboard.type(' harb');
  await expect(
    readyList.getByText('You are offline. The search will run when the connection is back.'),
  ).toBeVisible();
  await expect(search).toHaveValue(`${tag} harb`);
  await page.context().setOffline(false);
  await expect(readyList.getByText('1 ready job matches.')).toBeVisible();
  await expect(readyList.getByRole('link', { name: `Job ${other.number}`, exact: true })).toBeVisible();

  // On a phone the list and its search fit the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(readyList.getByRole('link', { name: `Job ${other.number}`, exact: true })).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await checkScreen(page, "the scheduler's ready list searched on a phone");
});

test("a move over a colleague's change is refused with the reason, and the event goes back", async ({
  page,
}) => {
  const date = '2031-03-18';
  const api = await openScheduler(page, date);
  const se01 = await technician(api, 'SE01');
  const se05 = await technician(api, 'SE05');
  const { job } = await readyJob(api, {
    start: `${date}T09:00:00+11:00`,
    finish: `${date}T10:00:00+11:00`,
    technician: se01.id,
  });
  const dropped = await readyJob(api);
  await page.reload();
  const event = eventOf(page, job.number);
  await expect(event).toHaveAccessibleName(new RegExp(`${se01.name}, 9:00\\sam to 10:00\\sam`));

  // Meanwhile a colleague changes the job.
  const current = (await api.get(`/api/jobs/${job.id}`)) as Job;
  await api.put(`/api/jobs/${job.id}`, { ...current, reference: 'Changed by the office' });

  await moveEvent(page, event, await pointOf(page, se05.name, date, '15'));
  const alert = page.getByRole('alert').filter({ hasText: `Job ${job.number} was not moved` });
  await expect(alert).toContainText(
    `Someone else changed job ${job.number} in the meantime. The board now shows it as they saved it, and your change was not saved: do it again if it is still needed.`,
  );
  await expect(event).toHaveAccessibleName(new RegExp(`${se01.name}, 9:00\\sam to 10:00\\sam`));
  // Back at 9:00 on its row, where the calendar draws it (it may have scrolled while the event was dragged).
  const nine = await pointOf(page, se01.name, date, '09');
  const back = await event.boundingBox();
  expect(Math.abs((back?.x ?? 0) - nine.x)).toBeLessThan(8);
  expect(Math.abs((back?.y ?? 0) + (back?.height ?? 0) / 2 - nine.y)).toBeLessThan(20);

  // The board was refreshed: the job now moves, over the colleague's version.
  await moveEvent(page, event, await pointOf(page, se05.name, date, '15'));
  await expect(
    page.getByRole('status').filter({ hasText: `Job ${job.number} moved: ${se05.name}` }),
  ).toBeVisible();
  expect(((await api.get(`/api/jobs/${job.id}`)) as Job).reference).toBe('Changed by the office');

  // A ready job a colleague changed since the list read it is refused too, and stays in the ready list.
  await searchReady(page, dropped.customer);
  await api.put(`/api/jobs/${dropped.job.id}`, { ...dropped.job, reference: 'Customer rang back' });
  await dropOnBoard(page, dropped.job.number, await pointOf(page, se01.name, date, '12'));
  await expect(
    page.getByRole('alert').filter({ hasText: `Job ${dropped.job.number} was not scheduled` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: `Job ${dropped.job.number}`, exact: true })).toBeVisible();
  await expect(eventOf(page, dropped.job.number)).toHaveCount(0);
});
