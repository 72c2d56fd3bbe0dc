import { existsSync } from 'node:fs';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/**
 * The headless shell (Debian's chromium-headless-shell, the same Chromium without the browser's own interface):
 * the browser Playwright itself runs headless journeys in, and lighter than the whole browser in its headless mode.
 */
const headlessShells = ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell'];

const firstThere = (paths: (string | undefined)[]) =>
  paths.find((path): path is string => Boolean(path && existsSync(path)));

/** The system Chromium (Playwright's own browser download does not work on our machines). */
export function findChromium(): string {
  const found = firstThere(candidates);
  if (!found) {
    throw new Error(
      'No Chromium found for the browser journeys. Install it with `sudo apt-get install chromium` ' +
        '(Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome executable.',
    );
  }
  return found;
}

/**
 * The browser for the journeys: CHROMIUM_PATH when set, else the system's headless shell where it is installed
 * (`apt-get install chromium-headless-shell`), else the system Chromium.
 */
export function findHeadlessChromium(): string {
  return firstThere([process.env.CHROMIUM_PATH, ...headlessShells]) ?? findChromium();
}
