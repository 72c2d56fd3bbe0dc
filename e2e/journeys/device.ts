import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app's device side has started (`app/device-work.tsx`, 2 s after the first screen): from then on,
 * what is done with no network is kept on the device. It opens the device's database as it starts.
 */
export async function deviceReady(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          "indexedDB.databases().then((all) => all.some((database) => database.name === 'fieldbook-device'))",
        ),
      { message: "the app's device side has started" },
    )
    .toBe(true);
}
