/**
 * What each main screen downloads before it can be used, and how long that takes. Starts the server (embedded issuer,
 * demo data in a temporary PGlite) on 127.0.0.1 over the built web app, signs in with the demo user in Chromium on
 * the embedded provider's page, then for the home page, the customers list, a job viewer, a technician's day, the
 * invoice editor (new) and the scheduler (and a Technician's day as the Technician opens it on a phone, 390×844):
 *
 * - a first visit after sign-in with an empty cache (a new browser context with the sign-in's cookies and local
 *   storage: the app signs in again silently, as after opening a bookmark): the JavaScript and CSS fetched before
 *   the screen was usable and in all (until the network is idle), gzip, and the time from navigation start until
 *   the screen was usable (median of BENCH_RUNS, 3);
 * - a move in the app from the home page (loaded first, as above) to the screen: what that move fetches and the
 *   time from it until the screen is usable.
 *
 * Usable: the screen's content is in the page (the home page's recent customers, the customers table's first row,
 * the job's heading 'Job <number>' (and on a Technician's visit its next step's button, On my way, Start or Finish), the editor's form, the scheduler's board with its technicians' rows and the
 * ready list), then a frame has been drawn and the main thread has run a task after it, so a click is handled.
 * The signed-out sign-in page is measured the same way (its form's Email box), from the navigation to /.
 *
 * Sizes are gzip: as sent (the server sends the build's pre-compressed .gz copies to a browser that accepts gzip
 * only), and for a file it sends uncompressed (the build leaves files under 1 KiB so) the gzip -9 size of its body,
 * computed here. Prints one table and PASS or FAIL for the targets (the customers list, and a Technician's day on
 * a phone, each usable after at most 150 KB of JavaScript), and writes the figures to bench-results/web-<time>.json.
 *
 *   npm run build && npm run bench:web          # WEB_DIST_DIR picks another build
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { withBenchServer } from './bench-server.ts';
import { type Asset, kib, launchChromium, recordAssets, signIn, sumBytes } from './browser-bench.ts';
import { printTable, type Row, summary, type Visit } from './web-report.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/**
 * The targets: the signed-in customers list, and a Technician's day on a phone, each usable after at most 150 KB
 * (gzip) of JavaScript.
 */
const TARGET_BYTES = 150_000;
/** A Technician of the demo organisation, for the screens of a technician's phone. */
const TECHNICIAN = { email: 'tech1@fieldbook.example', password: 'fieldbook-demo' };
/** Chunks that must not be part of the customers list's download (heavy screens load on demand). */
const ON_DEMAND = /\/(scheduler-page|template-editor-pages)-[^/]*\.(js|css)$/;

interface Screen {
  name: string;
  path: string;
  /** A JavaScript expression, true in the page once the screen's content is there. */
  ready: string;
  /** Signed in as a Technician on a phone (390×844): measured as a first visit only. */
  technician?: true;
}

const at = (path: string) => `location.pathname === ${JSON.stringify(path)}`;
const has = (selector: string) => `document.querySelector(${JSON.stringify(selector)}) !== null`;

function screens(jobId: string, technicianId: string, visitId: string): Screen[] {
  return [
    {
      name: 'Home',
      path: '/',
      ready: `${at('/')} && ${has('main h1')} && ${has('ul[aria-label="Recent customers"] li a')}`,
    },
    {
      name: 'Customers list',
      path: '/customers/search',
      ready: `${at('/customers/search')} && ${has('table[aria-label="Customers"] tbody tr a')}`,
    },
    {
      name: 'Job viewer',
      path: `/jobs/${jobId}`,
      ready: `${at(`/jobs/${jobId}`)} && /^Job \\d+/.test(document.querySelector('main h1')?.textContent ?? '')`,
    },
    {
      // A technician's day, as the office opens it (a Technician's home is the same screen).
      name: 'Today',
      path: `/today?technician=${technicianId}`,
      ready: `${at('/today')} && ${has('ol[aria-label="Visits"] li a')}`,
    },
    {
      // A Technician's home, on their phone.
      name: 'Today (Technician, phone)',
      path: '/today',
      ready: `${at('/today')} && ${has('ol[aria-label="Visits"] li a')}`,
      technician: true,
    },
    {
      // The job viewer as a Technician opens one of their visits on their phone.
      name: 'The visit (Technician, phone)',
      path: `/jobs/${visitId}`,
      // Its heading, and its next step's large button.
      ready: `${at(`/jobs/${visitId}`)} && /^Job \\d+/.test(document.querySelector('main h1')?.textContent ?? '') && [...document.querySelectorAll('main button')].some((b) => /^(On my way|Start|Finish)$/.test(b.textContent ?? ''))`,
      technician: true,
    },
    {
      name: 'Invoice editor (new)',
      path: '/sales/invoices/new',
      ready: `${at('/sales/invoices/new')} && ${has('main form input')}`,
    },
    {
      name: 'Scheduler',
      path: '/scheduler',
      ready: `${at('/scheduler')} && ${has('.ready-jobs')} && ${has('.resource-board .ec-body .ec-row-head')}`,
    },
  ];
}

/**
 * In the page: sets `window.__usable` (ms since the epoch) once `ready` holds and stays true after the next frame
 * and a task. `window.__navStart` is the first navigation's start in this tab (kept across the redirect to the
 * sign-in page in sessionStorage, the provider being on the same origin).
 */
const watchUsable = (ready: string) => `(() => {
  window.__navStart = Number(sessionStorage.getItem('bench-nav-start') || performance.timeOrigin);
  sessionStorage.setItem('bench-nav-start', String(window.__navStart));
  window.__usable = undefined;
  let waiting = false;
  const ready = () => { try { return Boolean(${ready}); } catch { return false; } };
  const check = () => {
    if (window.__usable !== undefined || waiting || !ready()) return;
    waiting = true;
    requestAnimationFrame(() => setTimeout(() => {
      waiting = false;
      if (ready()) { window.__usable = performance.timeOrigin + performance.now(); observer.disconnect(); }
      else check();
    }, 0));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  check();
})()`;

async function usableAt(page: Page): Promise<number> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const usable = (await page.evaluate('window.__usable').catch(() => undefined)) as number | undefined;
    if (usable !== undefined) return usable;
    await page.waitForTimeout(25);
  }
  throw new Error(`${page.url()} did not become usable in 30 s.`);
}

/** The JS and CSS of a visit: those that arrived between `from` and `usable`, and all fetched since `from`. */
function visit(assets: Asset[], from: number, usable: number): Visit {
  const since = assets.filter((asset) => asset.start >= from - 1);
  return { ms: usable - from, before: since.filter((asset) => asset.end <= usable), all: since };
}

type Options = BrowserContextOptions;

/** A first visit to the screen in a new context (an empty cache), with the options' cookies and storage. */
async function firstVisit(browser: Browser, options: Options, base: string, screen: Screen): Promise<Visit> {
  const context = await browser.newContext(options);
  const assets = recordAssets(context);
  const page = await context.newPage();
  await page.addInitScript(watchUsable(screen.ready));
  await page.goto(`${base}${screen.path}`);
  const usable = await usableAt(page);
  const navStart = (await page.evaluate('window.__navStart')) as number;
  await page.waitForLoadState('networkidle');
  const result = visit(await assets.settled(), navStart, usable);
  await context.close();
  return result;
}

/** The home page first (as a first visit), then a move in the app to `screen` (the router's own navigation). */
async function fromHome(browser: Browser, options: Options, base: string, home: Screen, screen: Screen) {
  const context = await browser.newContext(options);
  const assets = recordAssets(context);
  const page = await context.newPage();
  await page.addInitScript(watchUsable(home.ready));
  await page.goto(`${base}${home.path}`);
  await usableAt(page);
  await page.waitForLoadState('networkidle');
  await page.evaluate(watchUsable(screen.ready));
  const from = (await page.evaluate(
    `(() => { const now = performance.timeOrigin + performance.now();
      history.pushState({}, '', ${JSON.stringify(screen.path)});
      window.dispatchEvent(new PopStateEvent('popstate'));
      return now; })()`,
  )) as number;
  const usable = await usableAt(page);
  await page.waitForLoadState('networkidle');
  const result = visit(await assets.settled(), from, usable);
  await context.close();
  return result;
}

await withBenchServer(async (base) => {
  const browser = await launchChromium();
  const desktop: Options = {
    viewport: { width: 1440, height: 900 },
    locale: 'en-AU',
    timezoneId: 'Australia/Melbourne',
    // gzip only: the server would send brotli to a browser that accepts it.
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
  };
  const signInContext = await browser.newContext(desktop);
  const page = await signInContext.newPage();
  const authorization = await signIn(page, base);
  await page.locator('main h1').first().waitFor();
  const state = await signInContext.storageState();
  await signInContext.close();
  const jobs = (await (
    await fetch(`${base}/api/jobs?s=1`, { headers: { Authorization: authorization } })
  ).json()) as { id: string }[];
  const jobId = jobs[0]?.id;
  if (!jobId) throw new Error('The demo organisation has no job.');
  const technicians = (await (
    await fetch(`${base}/api/technicians?s=1`, { headers: { Authorization: authorization } })
  ).json()) as { id: string }[];
  const technicianId = technicians[0]?.id;
  if (!technicianId) throw new Error('The demo organisation has no technician.');

  // The Technician's session, on a phone.
  const phone: Options = {
    ...desktop,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  };
  const technicianContext = await browser.newContext(phone);
  const technicianPage = await technicianContext.newPage();
  const technicianAuthorization = await signIn(technicianPage, base, '/', TECHNICIAN);
  await technicianPage.locator('main h1').first().waitFor();
  const technicianState = await technicianContext.storageState();
  await technicianContext.close();
  const day = (await (
    await fetch(`${base}/api/today`, { headers: { Authorization: technicianAuthorization } })
  ).json()) as { visits: { job: { id: string } }[] };
  const visitId = day.visits[0]?.job.id;
  if (!visitId) throw new Error("The demo's first technician has no visit today.");

  const signInPage: Screen = {
    name: 'Sign-in page (signed out)',
    path: '/',
    ready: `location.pathname.startsWith('/oidc') && ${has('input[name="email"], input[type="email"]')}`,
  };
  const all = screens(jobId, technicianId, visitId);
  const [home] = all;
  if (!home) throw new Error('No home screen.');
  const rows: Row[] = [];
  for (const screen of [signInPage, ...all]) {
    const options =
      screen === signInPage
        ? desktop
        : screen.technician
          ? { ...phone, storageState: technicianState }
          : { ...desktop, storageState: state };
    const visits: Visit[] = [];
    const inApp: Visit[] = [];
    for (let run = 0; run < RUNS; run++) {
      visits.push(await firstVisit(browser, options, base, screen));
      if (screen !== signInPage && screen !== home && !screen.technician)
        inApp.push(await fromHome(browser, options, base, home, screen));
    }
    const [first] = visits;
    if (!first) throw new Error('No visit.');
    rows.push({
      name: screen.name,
      path: screen.path,
      firstVisit: first,
      firstVisitMs: visits.map((v) => v.ms),
      inApp: inApp[0],
      inAppMs: inApp.length > 0 ? inApp.map((v) => v.ms) : undefined,
    });
  }
  await browser.close();

  const cores = cpus();
  const machine = `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), Node.js ${process.version}`;
  console.log(
    `\nFirst visit after sign-in, empty cache, 1440×900, no network throttling; ${machine}; median of ${RUNS}.` +
      '\nJS and CSS in KiB, gzip (files in brackets); "all" is until the network is idle. "From home": a move in the' +
      '\napp from the home page, what it fetches and the time until usable.\n',
  );
  printTable(rows);
  const everything = rows.flatMap((row) => [...row.firstVisit.all, ...(row.inApp?.all ?? [])]);
  const computed = new Set(
    everything.filter((asset) => asset.gzip === 'computed').map((asset) => asset.path),
  );
  console.log(
    `\nGzip as sent by the server, but for ${computed.size} file(s) under 1 KiB it sends uncompressed, whose gzip size is computed here.`,
  );

  const customers = rows.find((row) => row.path === '/customers/search');
  if (!customers) throw new Error('No customers list.');
  const customersJs = sumBytes(customers.firstVisit.before, 'js');
  const pass = customersJs <= TARGET_BYTES;
  const heavy = customers.firstVisit.all
    .filter((asset) => ON_DEMAND.test(asset.path))
    .map((asset) => asset.path);
  console.log(
    `${pass ? 'PASS' : 'FAIL'}: the customers list was usable after ${(customersJs / 1000).toFixed(1)} KB (${kib(customersJs)}) of JavaScript (gzip); the target is at most ${TARGET_BYTES / 1000} KB.`,
  );
  const technicianJs = (name: string, what: string) => {
    const row = rows.find((one) => one.name === name);
    if (!row) throw new Error(`No ${name}.`);
    const bytes = sumBytes(row.firstVisit.before, 'js');
    console.log(
      `${bytes <= TARGET_BYTES ? 'PASS' : 'FAIL'}: ${what} on a phone was usable after ${(bytes / 1000).toFixed(1)} KB (${kib(bytes)}) of JavaScript (gzip); the target is at most ${TARGET_BYTES / 1000} KB.`,
    );
    return bytes;
  };
  const todayJs = technicianJs('Today (Technician, phone)', "a Technician's day");
  const visitJs = technicianJs('The visit (Technician, phone)', "a Technician's visit");
  const customersBrotli = sumBytes(customers.firstVisit.before, 'js', 'brotliBytes');
  console.log(
    `A browser that takes brotli (as Chromium, Firefox and Safari do) downloads ${(customersBrotli / 1000).toFixed(1)} KB of that JavaScript.`,
  );
  console.log(
    heavy.length === 0
      ? 'On demand: the customers list fetched none of the scheduler or template editor chunks.'
      : `Not on demand: the customers list fetched ${heavy.join(', ')}.`,
  );

  const directory = join(import.meta.dirname, '..', '..', 'bench-results');
  mkdirSync(directory, { recursive: true });
  const file = join(directory, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const results = {
    date: new Date().toISOString(),
    machine: { cores: cores.length, cpu: cores[0]?.model.trim(), node: process.version },
    runs: RUNS,
    viewport: desktop.viewport,
    sizes:
      'gzip bytes: as sent by the server (Content-Length with Content-Encoding gzip), or computed (gzip -9) for files it sends uncompressed',
    usable:
      "from navigation start (first visit) or from the move (in-app) until the screen's content is in the page and a frame and a task have run after it",
    target: {
      customersListJsBytes: customersJs,
      technicianTodayJsBytes: todayJs,
      technicianVisitJsBytes: visitJs,
      limitBytes: TARGET_BYTES,
      pass,
      technicianTodayPass: todayJs <= TARGET_BYTES,
      technicianVisitPass: visitJs <= TARGET_BYTES,
      onDemandFetched: heavy,
    },
    screens: rows.map(summary),
  };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Written to ${file}`);
});
