import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Download, expect, type Page } from '@playwright/test';

/** A downloaded PDF's text as poppler's pdftotext reads it, white space collapsed. */
export async function pdfText(download: Download): Promise<string> {
  const path = await download.path();
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', [path, '-']).toString().replace(/\s+/g, ' ');
}

/** How many images a downloaded PDF holds, as poppler's pdfimages lists them. */
export async function pdfImageCount(download: Download): Promise<number> {
  const listed = execFileSync('pdfimages', ['-list', await download.path()])
    .toString()
    .trim()
    .split('\n');
  return listed.length - 2;
}

/** Presses a button that downloads a file; the download. */
export async function downloadBy(page: Page, button: string): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  return download;
}
