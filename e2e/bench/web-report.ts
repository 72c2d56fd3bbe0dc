// What `web-weight.ts` measured, as its table and its JSON: a screen's first visit and its move from home.
import { type Asset, kib, median, sumBytes } from './browser-bench.ts';

/** A visit to a screen: how long until usable (ms), the JS and CSS that arrived by then, and all fetched. */
export interface Visit {
  ms: number;
  before: Asset[];
  all: Asset[];
}

export interface Row {
  name: string;
  path: string;
  firstVisit: Visit;
  firstVisitMs: number[];
  inApp?: Visit;
  inAppMs?: number[];
}

const describe = (assets: Asset[]) =>
  assets.map(({ path, kind, gzipBytes, gzip, brotliBytes }) => ({
    path,
    kind,
    gzipBytes,
    gzip,
    brotliBytes,
  }));

export function summary(row: Row) {
  const figures = (visit: Visit, times: number[]) => ({
    jsBytesBeforeUsable: sumBytes(visit.before, 'js'),
    cssBytesBeforeUsable: sumBytes(visit.before, 'css'),
    jsBytesAll: sumBytes(visit.all, 'js'),
    jsBrotliBytesBeforeUsable: sumBytes(visit.before, 'js', 'brotliBytes'),
    cssBytesAll: sumBytes(visit.all, 'css'),
    usableMsMedian: Math.round(median(times)),
    usableMsRuns: times.map(Math.round),
    filesBeforeUsable: describe(visit.before),
    filesAfterUsable: describe(visit.all.filter((asset) => !visit.before.includes(asset))),
  });
  return {
    screen: row.name,
    path: row.path,
    firstVisit: figures(row.firstVisit, row.firstVisitMs),
    inAppFromHome: row.inApp && row.inAppMs ? figures(row.inApp, row.inAppMs) : null,
  };
}

export function printTable(rows: Row[]): void {
  const header = [
    'Screen',
    'JS before usable',
    'JS all',
    'CSS before usable',
    'Usable, first visit',
    'From home: JS',
    'CSS',
    'usable',
  ];
  const ms = (times: number[]) => `${Math.round(median(times))} ms`;
  const lines = rows.map((row) => {
    const js = row.firstVisit.before.filter((asset) => asset.kind === 'js').length;
    return [
      row.name,
      `${kib(sumBytes(row.firstVisit.before, 'js'))} (${js})`,
      kib(sumBytes(row.firstVisit.all, 'js')),
      kib(sumBytes(row.firstVisit.before, 'css')),
      ms(row.firstVisitMs),
      row.inApp ? kib(sumBytes(row.inApp.before, 'js')) : '-',
      row.inApp ? kib(sumBytes(row.inApp.before, 'css')) : '-',
      row.inAppMs ? ms(row.inAppMs) : '-',
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}
