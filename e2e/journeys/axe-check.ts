import { expect, type Page, test } from '@playwright/test';
import axe from 'axe-core';

/** Serious and critical violations of WCAG 2.0 A and AA and 2.1 AA (colour contrast included), as the accessibility journey counts them. */
async function axeFailures(page: Page): Promise<string[]> {
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
  // Menus, dialogs and notices fade in. Polled with evaluate: the Content-Security-Policy refuses waitForFunction's eval.
  const animating = "document.getAnimations().some((a) => a.playState === 'running')";
  await expect.poll(() => page.evaluate(animating)).toBe(false);
  if (!(await page.evaluate("'axe' in window"))) await page.evaluate(axe.source);
  const results = (await page.evaluate(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } })",
  )) as axe.AxeResults;
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
}

/** A step that runs axe on the page as it is; a serious or critical violation fails the journey, softly. */
export async function checkScreen(page: Page, screen: string): Promise<void> {
  await test.step(`axe: ${screen}`, async () => {
    expect.soft(await axeFailures(page), `serious or critical axe violations on ${screen}`).toEqual([]);
  });
}
