/**
 * bench:pdf's flood: one organisation keeps `previews` slow template previews in flight (each loops until the
 * render's time limit) for `seconds`, while another organisation asks, one after the other, for its invoice PDFs
 * and its first customer. A refused preview (429 or 503) waits its `Retry-After`, as a client that honours it would,
 * then asks again. The flood then stops, and its last previews are waited for.
 */
import { bearer } from '../src/test-support/factories.ts';

/** A doubling string, cut back and doubled again, until the render is stopped. */
export const SLOW_TEMPLATE =
  '#let s = "x"\n#for i in range(1000000) { s = s + s; if s.len() > 65536 { s = s.slice(0, 65536) } }\n#s.len()';

export interface Flood {
  base: string;
  /** The flooding organisation's token. */
  flooder: string;
  /** The other organisation's token and its invoices. */
  other: string;
  invoiceIds: string[];
  previews: number;
  seconds: number;
}

export interface FloodTimes {
  /** The other organisation's invoice PDFs and customer reads: milliseconds of each, and the answers by status. */
  pdf: number[];
  customers: number[];
  otherStatuses: Record<number, number>;
  /** The flood's answers by status. */
  floodStatuses: Record<number, number>;
}

const tally = (counts: Record<number, number>, status: number) => {
  counts[status] = (counts[status] ?? 0) + 1;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export async function timeUnderFlood({
  base,
  flooder,
  other,
  invoiceIds,
  previews,
  seconds,
}: Flood): Promise<FloodTimes> {
  const times: FloodTimes = { pdf: [], customers: [], otherStatuses: {}, floodStatuses: {} };
  const end = performance.now() + seconds * 1000;
  const preview = JSON.stringify({ name: 'Slow', type: 'typst', document: 'invoice', body: SLOW_TEMPLATE });

  const flood = async () => {
    while (performance.now() < end) {
      const response = await fetch(`${base}/api/templates/preview`, {
        method: 'POST',
        headers: { ...bearer(flooder), 'content-type': 'application/json' },
        body: preview,
      });
      await response.arrayBuffer();
      tally(times.floodStatuses, response.status);
      const retryAfter = Number(response.headers.get('retry-after') ?? 0);
      if (retryAfter > 0) await sleep(Math.min(retryAfter * 1000, end - performance.now()));
    }
  };

  const timed = async (url: string, into: number[]) => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { headers: bearer(other) });
    await response.arrayBuffer();
    into.push(performance.now() - started);
    tally(times.otherStatuses, response.status);
  };

  const asOther = async () => {
    // The flood fills the queue first.
    await sleep(500);
    for (let i = 0; performance.now() < end; i++) {
      await timed(`/api/sales/invoices/${invoiceIds[i % invoiceIds.length]}/pdf`, times.pdf);
      await timed('/api/customers?s=1', times.customers);
    }
  };

  await Promise.all([asOther(), ...Array.from({ length: previews }, flood)]);
  return times;
}
