/**
 * Lighthouse's performance figures for a signed-out first visit: a new user opens the product's address and
 * waits for the sign-in page. Lighthouse's mobile defaults (a mid-range phone on slow 4G, simulated), with the
 * system Chromium, against the real server over the built web app. Prints the score, the paints and the bytes,
 * the median run of BENCH_RUNS (3).
 *
 *   npm run build && npm run bench:lighthouse          # WEB_DIST_DIR picks another build
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../chromium.ts';
import { withBenchServer } from './bench-server.ts';

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  kib: number;
  finalUrl: string;
}

async function measure(url: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    if (!result) throw new Error('Lighthouse returned no result.');
    const { lhr } = result;
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndex: audit('speed-index'),
      kib: audit('total-byte-weight') / 1024,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    chrome.kill();
  }
}

await withBenchServer(async (base) => {
  const all: Figures[] = [];
  for (let run = 0; run < runs; run++) {
    all.push(await measure(`${base}/`));
  }
  all.sort((a, b) => a.score - b.score);
  const median = all[Math.floor(all.length / 2)] as Figures;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`Lighthouse (mobile, simulated slow 4G), signed-out first visit to /, median of ${runs}:`);
  console.log(`  performance score  ${median.score}   (runs: ${all.map((f) => f.score).join(', ')})`);
  console.log(`  first paint        ${seconds(median.fcp)}`);
  console.log(`  largest paint      ${seconds(median.lcp)}`);
  console.log(`  speed index        ${seconds(median.speedIndex)}`);
  console.log(`  blocking time      ${Math.round(median.tbt)} ms`);
  console.log(`  layout shift       ${median.cls.toFixed(3)}`);
  console.log(`  bytes              ${Math.round(median.kib)} KiB`);
  console.log(`  ended at           ${median.finalUrl.replace(base, '')}`);
});
