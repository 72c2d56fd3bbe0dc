import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { type LoadLimits, registerLoadLimit } from './load-limit.ts';

let app: FastifyInstance;
afterEach(() => app.close());

/** Something to wait for, and the function that ends the wait. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * An app whose /api/slow requests each wait until the test lets them all finish, and whose /api/outside
 * requests wait for `outside` without their place (as a render does), then do `after` with one again.
 */
async function slowApp(limits: LoadLimits) {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerLoadLimit(app, limits);
  const finished = gate();
  const outside = gate();
  const after = gate();
  let started = 0;
  let resumed = 0;
  app.get('/api/slow', async () => {
    started += 1;
    await finished.opened;
    return { ok: true };
  });
  app.get('/api/outside', async (request) => {
    request.handBackPlace();
    request.handBackPlace();
    await outside.opened;
    await request.takePlaceAgain();
    resumed += 1;
    await after.opened;
    return { ok: true };
  });
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/', async () => 'page');
  await app.ready();
  return {
    finish: finished.open,
    outside: outside.open,
    after: after.open,
    started: () => started,
    resumed: () => resumed,
  };
}

const get = (url: string) => app.inject({ method: 'GET', url });
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the limit on API work in flight', () => {
  it('runs a few at once, queues a few more, and answers the rest 503 with Retry-After at once', async () => {
    const slow = await slowApp({ maxInFlight: 2, maxWaiting: 3, maxWaitMs: 5_000, retryAfterSeconds: 2 });
    const requests = Array.from({ length: 8 }, () => get('/api/slow'));
    await tick();
    expect(slow.started()).toBe(2);

    // Health, readiness and pages are never held back.
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/')).statusCode).toBe(200);

    slow.finish();
    const responses = await Promise.all(requests);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    const refused = responses.filter((response) => response.statusCode === 503);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.headers['retry-after']).toBe('2');
    expect(refused[0]?.json()).toEqual({
      error: 'SERVICE_UNAVAILABLE',
      message: 'The service is busy. Please try again in a few seconds.',
      fieldErrors: [],
    });
    expect(slow.started()).toBe(5);
  });

  it('answers 503 to a request that waited longer than allowed, and gives every place back', async () => {
    const slow = await slowApp({ maxInFlight: 1, maxWaiting: 5, maxWaitMs: 100, retryAfterSeconds: 1 });
    const first = get('/api/slow');
    await tick();
    const waited = await get('/api/slow');
    expect(waited.statusCode).toBe(503);
    slow.finish();
    expect((await first).statusCode).toBe(200);
    // All places are free again: as many as the limit run at once, with nobody refused.
    const again = await Promise.all([get('/api/slow'), get('/api/slow')]);
    expect(again.map((response) => response.statusCode)).toEqual([200, 200]);
  });

  it('lets a request hand back its place while it waits outside the API, and take one again after', async () => {
    const slow = await slowApp({ maxInFlight: 2, maxWaiting: 1, maxWaitMs: 5_000, retryAfterSeconds: 3 });
    // Four wait outside, one after another, each handing its place back (twice: which gives back one place).
    const outside = [];
    for (let i = 0; i < 4; i++) {
      outside.push(get('/api/outside'));
      await tick();
    }
    // Their places are free: two others run.
    const running = [get('/api/slow'), get('/api/slow')];
    await tick();
    expect(slow.started()).toBe(2);

    // Back from outside with both places taken: one waits for a place, the rest find the queue full (503).
    slow.outside();
    await tick();
    expect(slow.resumed()).toBe(0);
    slow.finish();
    expect((await Promise.all(running)).map((response) => response.statusCode)).toEqual([200, 200]);
    await tick();
    expect(slow.resumed()).toBe(1);
    slow.after();
    const answers = await Promise.all(outside);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 503, 503, 503]);
    const refused = answers.find((response) => response.statusCode === 503);
    expect(refused?.headers['retry-after']).toBe('3');
    expect(refused?.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });

    // Every place was given back once: as many as the limit run at once again, with nobody refused.
    const again = await Promise.all([get('/api/slow'), get('/api/slow'), get('/api/slow')]);
    expect(again.map((response) => response.statusCode)).toEqual([200, 200, 200]);
  });
});
