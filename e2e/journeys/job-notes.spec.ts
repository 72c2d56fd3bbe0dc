import { expect, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { deviceReady } from './device.ts';
import { openSignedIn } from './sign-in.ts';

// Notes on a job, as a phone in the field uses them: added, kept on the phone through a dropped connection, changed by their
// author, and read by everyone who opens the job.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('adds a note on a phone, keeps it through a dropped connection, changes it and deletes it', async ({
  page,
}) => {
  await openSignedIn(page, '/jobs/search?q=status:OPEN_SCHEDULED');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Job \d+/ })).toBeVisible();
  const notes = page.getByRole('region', { name: 'Notes' });
  const box = notes.getByRole('textbox', { name: /^New note/ });
  const text = "Mrs O'Brien & the kids home; side gate code 4417 – the dog's friendly.";

  // No signal: the note is kept on the phone, said so, and sent once when the signal is back.
  await deviceReady(page);
  await page.context().setOffline(true);
  await box.fill(text);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(
    page.getByText('Note saved on this device: it will be sent when there is a connection.'),
  ).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send' })).toContainText(
    `Note: ${text.slice(0, 20)}`,
  );
  await expect(page.getByRole('button', { name: '1 waiting' })).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByRole('button', { name: '1 waiting' })).toBeHidden();
  const added = notes.getByRole('listitem').filter({ hasText: text });
  await expect(added).toHaveCount(1);
  await expect(added).toContainText('Dana Demo ·');
  await checkScreen(page, 'the job viewer with notes, on a phone');

  // No sideways scrolling on a phone.
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

  // Its author changes it, by keyboard, later: a note shows "edited" when it changed more than a second after it was
  // written (`job-notes.tsx`), and on a quiet machine the steps above take less than that.
  await page.waitForTimeout(1100);
  await added.getByRole('button', { name: 'Edit note' }).click();
  const editing = added.getByRole('textbox', { name: 'Note' });
  await editing.fill(`${text} Gate code is 4471, not 4417.`);
  await editing.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Note saved.')).toBeVisible();
  const changed = notes.getByRole('listitem').filter({ hasText: 'Gate code is 4471' });
  await expect(changed).toContainText('edited');

  // An Owner deletes it after a question.
  await changed.getByRole('button', { name: 'Delete note' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this note?' })
    .getByRole('button', { name: 'Delete note' })
    .click();
  await expect(page.getByText('Note deleted.')).toBeVisible();
  await expect(notes.getByRole('listitem').filter({ hasText: 'Gate code is 4471' })).toHaveCount(0);
});
