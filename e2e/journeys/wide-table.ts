import type { Page } from '@playwright/test';

/** A customer's name that is one long word (a web address): wider than a phone, unless it breaks. */
export const ONE_WORD_NAME = 'www.harbourviewstratamanagementservices.com.au';

/** The requests for a page of the customer list. */
export const CUSTOMER_LISTS = /\/api\/customers\?/;

/**
 * Gives the first customer of every customer list `ONE_WORD_NAME`, the rest as the server sends them, until
 * `page.unroute(CUSTOMER_LISTS)`.
 */
export async function nameFirstCustomerOneLongWord(page: Page): Promise<void> {
  await page.route(CUSTOMER_LISTS, async (route) => {
    const response = await route.fetch();
    const [first, ...others] = (await response.json()) as { name: string }[];
    await route.fulfill({ response, json: [{ ...first, name: ONE_WORD_NAME }, ...others] });
  });
}
