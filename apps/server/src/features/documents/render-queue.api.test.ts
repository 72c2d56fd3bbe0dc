import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import { createRenderer } from '../../platform/renderer/renderer.ts';
import { apiAs } from '../../test-support/api-client.ts';
import { createTwoTenants, type TenantWithUser } from '../../test-support/factories.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { openTestDatabase } from '../../test-support/test-database.ts';

/*
 * One organisation (a) floods slow template previews; another (b) goes on using the API and printing. The
 * renderer here has one process and a 1 s limit: its queues hold 2 renders per organisation and 3 in all.
 */
const TIME_LIMIT_MS = 1_000;
/** An answer that waited for no render: it may wait for the database on a busy machine, not for a's queue (5 s). */
const AT_ONCE_MS = 2 * TIME_LIMIT_MS;

/** A doubling string, cut back and doubled again: it runs until the render's time limit stops it. */
const SLOW_TEMPLATE =
  '#let s = "x"\n#for i in range(1000000) { s = s + s; if s.len() > 65536 { s = s.slice(0, 65536) } }\n#s.len()';
const slowForm = { name: 'Slow', type: 'typst', document: 'invoice', body: SLOW_TEMPLATE };

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

beforeAll(async () => {
  const database = await openTestDatabase();
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: 'false' });
  const renderer = createRenderer({
    processes: 1,
    timeLimitMs: TIME_LIMIT_MS,
    maxWaitingPerOrganisation: 2,
    maxWaiting: 3,
  });
  const app = await buildApp({ config, database, logger: false, renderer });
  await app.ready();
  t = {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
  ({ a, b } = await createTwoTenants(t));
});
afterAll(() => t?.close());

/** The response, how long it took, when it was asked and when it came. */
async function timed(request: Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const response = await request;
  const answered = performance.now();
  return { response, ms: answered - started, started, answered };
}

/** An invoice of b's, whose PDF b prints. */
async function invoiceOfB() {
  const [customer] = await createCustomers(t, b.tenant.tenantId, [{ name: 'Marguerite Holdings' }]);
  const created = await apiAs(t, b.token).post('/api/sales/invoices', {
    customer: { id: customer?.id },
    date: '2026-11-24',
    due: '2026-12-08',
    lineItems: [{ description: 'Call-out fee', quantity: '1', price: '95' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  return `/api/sales/invoices/${created.json().id}/pdf`;
}

/** a's previews, all at once, each with how long it took; `answered()` counts those answered so far. */
function flood(count: number) {
  let answered = 0;
  const previews = Array.from({ length: count }, () =>
    timed(apiAs(t, a.token).post('/api/templates/preview', slowForm)).then((preview) => {
      answered += 1;
      return preview;
    }),
  );
  return { previews, answered: () => answered };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("one organisation's slow previews", () => {
  it("hold no place of the API's and delay another organisation's PDF by one render at most", async () => {
    const pdf = await invoiceOfB();
    const other = apiAs(t, b.token);
    expect((await other.get(pdf)).statusCode).toBe(200);

    // More previews than the API has places for requests in flight (PGlite 8, PostgreSQL 20). Those refused
    // at once are answered first: then all of them have reached the renderer.
    const { previews, answered } = flood(24);
    await until(() => answered() >= 21);
    const customers = await timed(other.get('/api/customers?s=1'));
    expect(customers.response.statusCode).toBe(200);
    expect(customers.ms).toBeLessThan(AT_ONCE_MS);
    const printed = await timed(other.get(pdf));
    expect(printed.response.statusCode, printed.response.body).toBe(200);
    expect(printed.response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // a's previews: one running and two waiting, each stopped at the limit; the rest refused at once, most as
    // a's queue is full (429), any after b's render took the last place of all as the renderer's is (503).
    const answers = await Promise.all(previews);
    const count = (status: number) => answers.filter(({ response }) => response.statusCode === status).length;
    expect(count(422)).toBeGreaterThanOrEqual(3);
    // b's render waited for a's running render to end, never for a's queue: at most one of a's renders ended
    // while b waited for its PDF.
    const stoppedMeanwhile = answers.filter(
      ({ response, answered }) =>
        response.statusCode === 422 && answered > printed.started && answered < printed.answered,
    );
    expect(stoppedMeanwhile.length).toBeLessThanOrEqual(1);
    expect(count(429)).toBeGreaterThan(0);
    expect(count(429) + count(503)).toBeGreaterThanOrEqual(15);
    expect(count(422) + count(429) + count(503)).toBe(24);
    const rateLimited = answers.find(({ response }) => response.statusCode === 429)?.response;
    expect(rateLimited?.json()).toEqual({
      error: 'RATE_LIMITED',
      message: 'Your organisation is making too many documents at once. Please try again in a moment.',
      fieldErrors: [],
    });
    for (const { response, ms } of answers.filter(({ response }) => response.statusCode !== 422)) {
      expect(response.headers['retry-after']).toBe('1');
      expect(ms).toBeLessThan(AT_ONCE_MS);
    }
  });

  it('count a template save as a render, and past every waiting place answer 503 with Retry-After at once', async () => {
    const pdf = await invoiceOfB();
    // Three previews fill a's queue (one running, two waiting); two more are refused, then all have reached it.
    const { previews, answered } = flood(5);
    await until(() => answered() >= 2);

    // a's queue is full: its template save is refused like a fourth preview.
    const save = await timed(apiAs(t, a.token).post('/api/templates', { ...slowForm, body: '= Quick' }));
    expect(save.response.statusCode, save.response.body).toBe(429);
    expect(save.response.headers['retry-after']).toBe('1');
    expect(save.ms).toBeLessThan(AT_ONCE_MS);

    // Of b's two PDFs at once, one takes the last waiting place of all, and the other finds none.
    const both = await Promise.all([timed(apiAs(t, b.token).get(pdf)), timed(apiAs(t, b.token).get(pdf))]);
    expect(both.map(({ response }) => response.statusCode).sort()).toEqual([200, 503]);
    const refused = both.find(({ response }) => response.statusCode === 503);
    expect(refused?.response.headers['retry-after']).toBe('1');
    expect(refused?.response.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    expect(refused?.ms).toBeLessThan(AT_ONCE_MS);

    await Promise.all(previews);
    const templates = await apiAs(t, a.token).get('/api/templates?q=name:Slow');
    expect(templates.json()).toEqual([]);
  });
});
