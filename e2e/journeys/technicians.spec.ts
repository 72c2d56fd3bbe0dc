import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { openSignedIn } from './sign-in.ts';

test('a technician is added under Settings, becomes a row of the scheduler, and once retired takes no new jobs', async ({
  page,
}) => {
  const name = `SE06 O'Connor & Sons ${randomBytes(3).toString('hex')}`;
  await openSignedIn(page, '/settings');
  await page.getByRole('link', { name: 'Technicians' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Technicians' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^SE01 .* Active$/ })).toBeVisible();
  await checkScreen(page, 'the technician list');

  await page.getByRole('link', { name: 'New technician' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New technician' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await checkScreen(page, 'the technician editor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Technician saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Status: Active')).toBeVisible();
  const technicianUrl = page.url();

  // The same name again, in another case, is refused on its field and nothing is saved.
  await page.goto('/settings/technicians/new');
  await page.getByRole('textbox', { name: 'Name' }).fill(name.toUpperCase());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A technician with this name already exists.').first()).toBeVisible();

  await page.goto('/scheduler?date=2031-04-01');
  const board = page.getByRole('region', { name: "Technicians' schedule" });
  await expect(board.getByText(name, { exact: true })).toBeVisible();

  await page.goto(technicianUrl);
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('switch', { name: 'Retired' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Status: Retired')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/scheduler?date=2031-04-01');
  await expect(board.getByText('Unassigned', { exact: true })).toBeVisible();
  await expect(board.getByText(name, { exact: true })).toHaveCount(0);
  await page
    .getByRole('button', { name: /^Schedule job / })
    .first()
    .click();
  const choices = page.getByRole('dialog').getByLabel('Technician');
  await expect(choices.getByRole('option', { name: /^SE01/ })).toHaveCount(1);
  await expect(choices.getByRole('option', { name })).toHaveCount(0);
});
