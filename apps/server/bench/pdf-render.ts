/**
 * `npm run bench:pdf`: how long an invoice PDF takes. Seeds the demo organisations (200 invoices each, with
 * their details and logo) into a throwaway database (PostgreSQL with DATABASE_URL, else PGlite), starts the real
 * server on 127.0.0.1, and times:
 * - the first render after start-up, as a server with no warm render process would serve it, and as main.ts
 *   serves it (the processes started at start-up);
 * - the render alone (data built, template compiled, PDF written, in its sandbox process), warm, over many
 *   different invoices so the compiler's cache does not answer;
 * - the whole `GET /api/sales/invoices/{id}/pdf` request, warm: as the server handles it (`inject`: auth, the
 *   database, the render and the reply, no network), and over HTTP on loopback from a client in this process;
 * - the first organisation's invoice PDFs and customer list over HTTP while the second floods slow template
 *   previews (`pdf-flood.ts`).
 * Settings: BENCH_RUNS (200); BENCH_FLOOD_PREVIEWS (12 in flight) and BENCH_FLOOD_SECONDS (10; 0 leaves the flood out).
 */
import { eq, sql } from 'drizzle-orm';
import { readyImages } from '../src/features/documents/document-images.ts';
import { readRecordSource } from '../src/features/documents/documents.ts';
import { inTenant } from '../src/platform/db/tenant-scope.ts';
import { createRenderer } from '../src/platform/renderer/renderer.ts';
import { invoices, memberships, tenants } from '../src/schema.ts';
import { DEMO_TENANTS, seedDemo } from '../src/seed/demo.ts';
import { signAccessToken } from '../src/test-support/factories.ts';
import { percentile, serveThrowaway } from './bench-kit.ts';
import { timeUnderFlood } from './pdf-flood.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const FLOOD_PREVIEWS = Number(process.env.BENCH_FLOOD_PREVIEWS ?? 12);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const serverUrl = process.env.DATABASE_URL;

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p).toFixed(2);
  return `median ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, max ${at(100)} ms (${sorted.length} runs)`;
};

const served = await serveThrowaway(serverUrl, 'pdf');
try {
  console.log(`Database: ${serverUrl ? 'PostgreSQL' : 'PGlite'}; seeding the demo organisations…`);
  await seedDemo(served.database.db);
  const db = served.database.db;
  const ownerOf = async (name: string | undefined) => {
    const [owner] = await db
      .select({ tenantId: tenants.id, subject: memberships.subject })
      .from(tenants)
      .innerJoin(memberships, eq(memberships.tenantId, tenants.id))
      .where(eq(tenants.name, name as string))
      .limit(1);
    if (!owner) throw new Error(`The demo organisation ${name} was not seeded`);
    return owner;
  };
  const demo = await ownerOf(DEMO_TENANTS[0]);
  const ids = await inTenant(db, demo.tenantId, (tx) =>
    tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.tenantId, demo.tenantId))
      .orderBy(sql`random()`),
  );
  const token = await signAccessToken(served.testApp, { sub: demo.subject, tenantId: demo.tenantId });
  const get = async (id: string) => {
    const response = await fetch(`${served.base}/api/sales/invoices/${id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`PDF: ${response.status} ${body.toString()}`);
    return body;
  };
  const idAt = (i: number) => ids[i % ids.length]?.id as string;

  let started = performance.now();
  const first = await get(idAt(0));
  console.log(
    `First invoice PDF after start-up, no render process yet: ${(performance.now() - started).toFixed(1)} ms (${first.length} bytes)`,
  );

  const sources = await Promise.all(
    ids.slice(0, 50).map(({ id }) => readRecordSource(db, { ...demo, access: 'member' }, 'invoice', id)),
  );
  // An invoice's one image is the logo, whose bytes are ready as they are.
  const files = await Promise.all(sources.map(({ source }) => readyImages(source.images)));
  const renderer = createRenderer();
  started = performance.now();
  await renderer.warm();
  const warmed = performance.now() - started;
  started = performance.now();
  const job = (i: number) => {
    const { source } = sources[i % sources.length] as (typeof sources)[number];
    return {
      body: source.body,
      data: JSON.stringify(source.data),
      files: files[i % sources.length] ?? {},
      format: 'pdf' as const,
    };
  };
  await renderer.render(job(1), demo.tenantId);
  console.log(
    `First render after start-up as main.ts serves it (processes started in ${warmed.toFixed(0)} ms at start-up): ` +
      `${(performance.now() - started).toFixed(1)} ms`,
  );

  const renders: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A different invoice number each time, so the compiler's memo cache cannot answer from a previous render.
    const { source } = sources[i % sources.length] as (typeof sources)[number];
    const data = { ...source.data, invoice: { ...source.data.invoice, number: String(100_000 + i) } };
    const t0 = performance.now();
    const result = await renderer.render(
      {
        body: source.body,
        data: JSON.stringify(data),
        files: files[i % sources.length] ?? {},
        format: 'pdf',
      },
      demo.tenantId,
    );
    renders.push(performance.now() - t0);
    if (!result.ok) throw new Error(`Render failed: ${JSON.stringify(result)}`);
  }
  console.log(`Render alone (warm, in its sandbox process): ${summary(renders)}`);
  await renderer.close();

  // The server's own time for the request (auth, the database, the render, the reply), without a network or an
  // HTTP client in the same process.
  const injected: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const response = await served.app.inject({
      url: `/api/sales/invoices/${idAt(i)}/pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    injected.push(performance.now() - t0);
    if (response.statusCode !== 200) throw new Error(`PDF: ${response.statusCode} ${response.body}`);
  }
  console.log(`GET /api/sales/invoices/{id}/pdf server-side (inject, warm): ${summary(injected)}`);

  const requests: number[] = [];
  for (let i = 0; i < 5; i++) await get(idAt(i));
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await get(idAt(i));
    requests.push(performance.now() - t0);
  }
  console.log(
    `GET /api/sales/invoices/{id}/pdf over HTTP (warm, ${ids.length} invoices in turn): ${summary(requests)}`,
  );

  if (FLOOD_SECONDS > 0) {
    const flooder = await ownerOf(DEMO_TENANTS[1]);
    const flood = await timeUnderFlood({
      base: served.base,
      flooder: await signAccessToken(served.testApp, { sub: flooder.subject, tenantId: flooder.tenantId }),
      other: token,
      invoiceIds: ids.map(({ id }) => id),
      previews: FLOOD_PREVIEWS,
      seconds: FLOOD_SECONDS,
    });
    console.log(
      `While another organisation keeps ${FLOOD_PREVIEWS} slow previews in flight for ${FLOOD_SECONDS} s ` +
        `(its answers by status: ${JSON.stringify(flood.floodStatuses)}):`,
    );
    console.log(`  GET /api/sales/invoices/{id}/pdf over HTTP: ${summary(flood.pdf)}`);
    console.log(`  GET /api/customers?s=1 over HTTP: ${summary(flood.customers)}`);
    console.log(`  their answers by status: ${JSON.stringify(flood.otherStatuses)}`);
  }
} finally {
  await served.close();
}
