import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { lendPageApi } from './page-api.ts';
import { signUpWithNewOrganisation } from './sign-in.ts';

/** One more than a free-text search counts exactly (1,000): past that the list says '1,000+'. */
const CUSTOMERS = 1001;
/** 50 a page: the count covers pages 1 to 20, and the 1,001st customer is alone on page 21. */
const SIZE = 50;
/** Creates in flight at once: the API has no bulk create, and one at a time would take a minute. */
const PARALLEL = 16;

test('a search matching more than 1,000 customers says 1,000+ and Next goes on past the last numbered page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = randomBytes(4).toString('hex');
  // One word that only this organisation's customers have, searched as free text.
  const word = `Bulk${suffix}`;
  const api = await lendPageApi(page, () => signUpWithNewOrganisation(page, suffix));

  const started = Date.now();
  let made = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (made < CUSTOMERS) {
        made += 1;
        await api.post('/api/customers/', { name: `${word} ${String(made).padStart(4, '0')}` });
      }
    }),
  );
  test.info().annotations.push({
    type: 'seeded',
    description: `${CUSTOMERS} customers in ${Date.now() - started} ms`,
  });

  await page.goto(`/customers/search?s=${SIZE}`);
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/customers/search\\?q=${word}&p=1&s=${SIZE}$`));
  const table = page.getByRole('table', { name: 'Customers' });
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  const count = page.getByRole('status').filter({ hasText: /customers$/ });
  await expect(count).toHaveText('1,000+ customers');
  await expect(table.getByRole('row')).toHaveCount(SIZE + 1);
  await expect(pages.getByRole('link', { name: '7', exact: true })).toBeVisible();
  await expect(pages.getByRole('link', { name: '8', exact: true })).toHaveCount(0);

  // Across the numbered pages to the last the count covers (20); each move shows seven numbers around the page.
  for (const number of [7, 10, 13, 16, 19, 20]) {
    await pages.getByRole('link', { name: String(number), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`p=${number}&s=${SIZE}$`));
    await expect(pages.getByRole('link', { name: String(number), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  await expect(table.getByRole('row')).toHaveCount(SIZE + 1);
  await expect(pages.getByRole('link', { name: '21', exact: true })).toHaveCount(0);
  const next = pages.getByRole('link', { name: 'Next' });
  await expect(next).not.toHaveAttribute('aria-disabled');

  // Page 20 is full, so the server links a next page: Next goes past the last numbered page.
  await next.click();
  await expect(page).toHaveURL(new RegExp(`p=21&s=${SIZE}$`));
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(count).toHaveText('1,000+ customers');
  await expect(pages.getByRole('link', { name: '21', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('link', { name: '22', exact: true })).toHaveCount(0);
  await expect(next).toHaveAttribute('aria-disabled', 'true');

  await pages.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`p=20&s=${SIZE}$`));
  await expect(table.getByRole('row')).toHaveCount(SIZE + 1);
});
