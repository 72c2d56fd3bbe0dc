import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { checkScreen } from './axe-check.ts';
import { downloadBy, pdfText } from './pdf-download.ts';
import { openSignedIn } from './sign-in.ts';

const LOGO = fileURLToPath(
  new URL('../../apps/server/src/seed/demo-logos/southern-cross.png', import.meta.url),
);

test("a new organisation's details: a bad ABN is refused, the details and logo are saved, the rename shows, and its invoices carry them", async ({
  page,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const name = `Coastal Gas & Water ${suffix}`;
  await openSignedIn(page, '/account/organisations');
  await page.getByLabel('Organisation name').fill(name);
  await page.getByRole('button', { name: /Create organi[sz]ation/ }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('main').getByRole('link', { name: 'Organisation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Organisation details' })).toBeVisible();
  await expect(page.getByLabel('Organisation name')).toHaveValue(name);

  await page.getByLabel('Legal name').fill("O'Neill & Daughters Pty Ltd");
  await page.getByLabel('ABN').fill('51 824 753 557');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('This is not a valid ABN: check the digits against the ABN Lookup.').first(),
  ).toBeVisible();
  await expect(page.getByLabel('ABN')).toHaveAttribute('aria-invalid', 'true');
  await checkScreen(page, 'organisation details with an error');

  await page.getByLabel('ABN').fill('51 824 753 556');
  await page.getByLabel('Address').fill('3 Esplanade\nManly NSW 2095');
  await page.getByLabel('BSB').fill('062-000');
  await page.getByLabel('Account number').fill('1234 5678');
  await page.getByLabel('Payment terms (days)').fill('14');
  await page.locator('input[type="file"]').setInputFiles(LOGO);
  await expect(page.getByRole('img', { name: /logo/i })).toBeVisible();
  const renamed = `${name} & Sons`;
  await page.getByLabel('Organisation name').fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Organisation details saved.')).toBeVisible();
  // The header's name comes from the sign-in: a rename signs in again silently, and the new name shows.
  await expect(page.getByRole('banner').getByText(renamed)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('ABN')).toHaveValue('51 824 753 556');
  await expect(page.getByLabel('Payment terms (days)')).toHaveValue('14');
  await checkScreen(page, 'organisation details');

  // An invoice of this organisation is due after its payment terms and its PDF carries the details.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/customers/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill("Ngaio O'Hara");
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Ngaio O'Hara" })).toBeVisible();
  await page.goto('/sales/invoices/new');
  await page.getByRole('combobox', { name: 'Customer' }).fill('Ngaio');
  await page.getByRole('option', { name: /Ngaio O'Hara/ }).click();
  await page.getByRole('button', { name: 'Add a line' }).click();
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Description').fill('Annual gas safety check');
  await line.getByLabel('Quantity').fill('1');
  await line.getByLabel('Amount').fill('180');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice \d+/ })).toBeVisible();
  const download = await downloadBy(page, 'PDF');
  expect(download.suggestedFilename()).toMatch(/^invoice-\d+\.pdf$/);
  const text = await pdfText(download);
  for (const expected of ['Tax invoice', renamed, 'ABN 51 824 753 556', "Ngaio O'Hara", '062-000', '$198.00'])
    expect(text).toContain(expected);
});

test("an invoice's and a job's PDF buttons download their documents, named by number", async ({ page }) => {
  await openSignedIn(page, '/sales/invoices/search');
  await page.getByRole('table').getByRole('link').first().click();
  const heading = page.getByRole('heading', { level: 1, name: /^Invoice \d+/ });
  await expect(heading).toBeVisible();
  const number = /^Invoice (\d+)/.exec((await heading.textContent()) ?? '')?.[1];
  const download = await downloadBy(page, 'PDF');
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const text = await pdfText(download);
  expect(text).toContain('Tax invoice');
  expect(text).toContain('Harbourside Plumbing & Gas');
  expect(text).toContain(`${number}`);

  await page.goto('/jobs/search');
  await page.getByRole('table').getByRole('link').first().click();
  const job = page.getByRole('heading', { level: 1, name: /^Job \d+/ });
  await expect(job).toBeVisible();
  const jobNumber = /^Job (\d+)/.exec((await job.textContent()) ?? '')?.[1];
  const sheet = await downloadBy(page, 'PDF');
  expect(sheet.suggestedFilename()).toBe(`job-${jobNumber}.pdf`);
  expect(await pdfText(sheet)).toMatch(/job sheet/i);
});

test('a template is created, previewed as a PDF, broken to show the compiler’s line, and left with Cancel for its view', async ({
  page,
}) => {
  const name = `Plain invoice ${randomBytes(3).toString('hex')}`;
  await openSignedIn(page, '/settings/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row', { name: /Tax invoice/ })).toContainText('invoice');
  await checkScreen(page, 'template list');

  await page.getByRole('link', { name: 'New template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New template' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page
    .getByRole('textbox', { name: 'Body' })
    .fill(
      '#let data = json(bytes(sys.inputs.data))\n= Invoice #data.invoice.number\n\nFor #data.invoice.customer.name: #data.invoice.total',
    );
  // The live preview beside the editor shows the document without a download.
  await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
  await checkScreen(page, 'template editor with its preview');

  const preview = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const pdf = await preview;
  expect(pdf.suggestedFilename()).toBe('invoice-preview.pdf');
  expect(await pdfText(pdf)).toMatch(/^ ?Invoice \d+ For .+: \$[\d,]+\.\d{2}/);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Template saved.')).toBeVisible();
  await expect(page.getByText('= Invoice #data.invoice.number')).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit template' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Body' })
    .fill('#let data = json(bytes(sys.inputs.data))\n\n= Invoice #data.invoice.number(\n');
  await page.getByRole('button', { name: 'Save' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The template does not compile.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('listitem')).toHaveText([/^Line 3: /]);
  await expect.poll(() => page.evaluate('window.scrollY')).toBe(0);
  await checkScreen(page, 'template editor with a compile error');

  await page.getByRole('link', { name: 'Cancel' }).click();
  // The broken body was never saved: leaving asks first.
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave without saving' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('= Invoice #data.invoice.number')).toBeVisible();
});

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const)
  test(`the organisation details, the template screens and the viewers' PDF buttons have no serious axe violations (${device})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openSignedIn(page, '/settings/organisation');
    await expect(page.getByLabel('Organisation name')).toHaveValue('Harbourside Plumbing & Gas');
    await checkScreen(page, `organisation details (${device})`);
    await page.goto('/settings/templates');
    await page.getByRole('link', { name: 'Tax invoice' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
    await checkScreen(page, `template view (${device})`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
    await checkScreen(page, `template editor (${device})`);
    const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
  });
