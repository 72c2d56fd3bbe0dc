import type { Locator, Page } from '@playwright/test';

/** A signature drawn with a finger on the finish form's box: a zigzag stroke across it. */
export async function drawSignature(page: Page, dialog: Locator): Promise<void> {
  const pad = dialog.getByRole('img', { name: "Customer's signature" });
  // On a phone held sideways the form is taller than the screen: the box is scrolled to first.
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature box is not on the screen');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++)
    await page.mouse.move(
      box.x + 20 + step * ((box.width - 40) / 12),
      box.y + box.height / 2 + (step % 2 ? -25 : 25),
    );
  await page.mouse.up();
}
