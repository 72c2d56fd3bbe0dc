/**
 * How long does the scheduler take to show a busy day, and what does it download? Starts the server (demo data in a
 * temporary PGlite) on 127.0.0.1 over the built web app, signs in with the demo user in Chromium, makes 200 jobs
 * scheduled on one day across the demo organisation's technicians (through the API, as the board saves them), then:
 *
 * - the scheduler's own download (its lazy chunk's JavaScript and CSS, gzip, as transferred);
 * - a first visit to /scheduler for that day with an empty cache: time from navigation until the 200 events are
 *   on the board (median of BENCH_RUNS, 5);
 * - moving to the scheduler from the job list in the app: time from the click until the 200 events are shown.
 *
 *   npm run build && npm run bench:scheduler
 */
import type { BrowserContext, Page } from '@playwright/test';
import { withBenchServer } from './bench-server.ts';
import { kib, launchChromium, median, signIn } from './browser-bench.ts';

const JOBS = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DAY = '2032-06-15';
const EVENTS = '.ec-event:not(.ec-bg-event)';

type Json = Record<string, unknown> & { id: string };

/** 200 jobs on DAY, 07:00 to 18:45 in 15-minute steps, an hour each, spread over the technicians and none. */
async function seedDay(base: string, authorization: string): Promise<void> {
  const headers = { Authorization: authorization, 'Content-Type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Json;
  };
  const samples = (await call('GET', '/api/jobs?q=location.id:*&s=50')) as unknown as Json[];
  const technicians = (await call('GET', '/api/technicians?q=*&s=100')) as unknown as Json[];
  const rows = [...technicians.map((technician) => technician.id), null];
  const one = async (index: number) => {
    const sample = samples[index % samples.length] as Json;
    const minutes = 7 * 60 + ((index * 15) % (12 * 60));
    const start = new Date(
      `${DAY}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+10:00`,
    );
    const job = await call('POST', '/api/jobs', {
      customer: sample.customer,
      location: sample.location,
      territory: sample.territory,
      priority: sample.priority,
      reference: `Board benchmark ${index + 1}`,
      rag: ['RED', 'AMBER', 'GREEN'][index % 3],
    });
    const ready = await call('PUT', `/api/jobs/${job.id}`, { ...job, status: 'OPEN_READY_TO_BE_SCHEDULED' });
    await call('PUT', `/api/jobs/${job.id}`, {
      ...ready,
      status: 'OPEN_SCHEDULED',
      scheduledStart: start.toISOString(),
      scheduledFinish: new Date(start.getTime() + 3_600_000).toISOString(),
      assignee: rows[index % rows.length],
    });
  };
  for (let index = 0; index < JOBS; index += 8) {
    await Promise.all(Array.from({ length: Math.min(8, JOBS - index) }, (_, offset) => one(index + offset)));
  }
}

/** Records, in the page, when the board first holds all the day's events (ms since navigation). */
const watchBoard = `(() => {
  window.__boardShown = undefined;
  const check = () => {
    if (window.__boardShown === undefined && document.querySelectorAll('${EVENTS}').length >= ${JOBS}) {
      window.__boardShown = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
})();`;

async function shownAt(page: Page): Promise<number> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const shown = (await page.evaluate('window.__boardShown')) as number | undefined;
    if (shown !== undefined) return shown;
    await page.waitForTimeout(50);
  }
  throw new Error('The board did not show the day.');
}

/** A first visit with an empty cache (gzip only): the time to the full board and the scheduler chunk's bytes. */
async function firstVisit(context: BrowserContext, base: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
  const urls = new Map<string, string>();
  const files: { url: string; bytes: number }[] = [];
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId);
    if (url && /\.(js|css)(\?|$)/.test(url)) files.push({ url, bytes: event.encodedDataLength });
  });
  await page.addInitScript(watchBoard);
  await page.goto(`${base}/scheduler?date=${DAY}`);
  const shown = await shownAt(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  return { shown, files };
}

await withBenchServer(async (base) => {
  const browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-AU',
    timezoneId: 'Australia/Melbourne',
  });
  const page = await context.newPage();
  const authorization = await signIn(page, base, '/scheduler');
  const seedStart = performance.now();
  await seedDay(base, authorization);
  console.log(
    `Scheduled ${JOBS} jobs on ${DAY} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`,
  );
  await page.close();

  const visits = [];
  for (let run = 0; run < RUNS; run++) visits.push(await firstVisit(context, base));
  const files = visits[0]?.files ?? [];
  const sum = (pattern: RegExp) => files.filter((f) => pattern.test(f.url)).reduce((t, f) => t + f.bytes, 0);
  console.log(
    `\nScheduler chunk (gzip): JavaScript ${kib(sum(/scheduler-page.*\.js/))}, CSS ${kib(sum(/scheduler-page.*\.css/))}; the whole first visit: JavaScript ${kib(sum(/\.js/))}, CSS ${kib(sum(/\.css/))}`,
  );
  const times = visits.map((visit) => visit.shown);
  console.log(
    `First visit, empty cache, to ${JOBS} events on the board: median ${median(times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`,
  );

  const inApp: number[] = [];
  const app = await context.newPage();
  for (let run = 0; run < RUNS; run++) {
    await app.goto(`${base}/jobs/search`);
    await app.getByRole('table', { name: 'Jobs' }).waitFor();
    await app.evaluate(watchBoard);
    const clicked = (await app.evaluate('performance.now()')) as number;
    // In-app navigation to the scheduler's address with the day, as the router's links make it.
    await app.evaluate(
      `history.pushState({}, '', '/scheduler?date=${DAY}'); window.dispatchEvent(new PopStateEvent('popstate'))`,
    );
    inApp.push((await shownAt(app)) - clicked);
    if (process.env.BENCH_DETAIL) {
      const entries = (await app.evaluate(
        `performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/') && e.startTime >= ${clicked}).map((e) => [e.name.slice(-90), Math.round(e.startTime - ${clicked}), Math.round(e.responseEnd - ${clicked})])`,
      )) as unknown[];
      console.log(JSON.stringify(entries), Math.round((await shownAt(app)) - clicked));
    }
  }
  console.log(
    `In the app, from the job list to ${JOBS} events on the board: median ${median(inApp).toFixed(0)} ms (${inApp.map((t) => t.toFixed(0)).join(', ')})`,
  );
  await browser.close();
});
