import { afterEach, describe, expect, it } from 'vitest';
import type { RenderJob } from './render-protocol.ts';
import { createRenderer, type Renderer, type RenderResult } from './renderer.ts';

/** A doubling string, cut back and doubled again: it runs until the render's time limit stops it. */
const SLOW: RenderJob = {
  body: '#let s = "x"\n#for i in range(1000000) { s = s + s; if s.len() > 65536 { s = s.slice(0, 65536) } }',
  data: '{}',
  files: {},
  format: 'pdf',
};
const QUICK: RenderJob = { body: 'Hello', data: '{}', files: {}, format: 'pdf' };

let renderer: Renderer;
afterEach(() => renderer.close());

// Each test starts Typst render processes, which takes seconds on a busy machine.
describe('the render queue', { timeout: 30_000 }, () => {
  it("takes the next render from the organisation with the fewest running, so one's queue delays another's by one render", async () => {
    renderer = createRenderer({ processes: 1, timeLimitMs: 300 });
    const finished: string[] = [];
    const render = (job: RenderJob, tenant: string, name: string) =>
      renderer.render(job, tenant).then((result) => {
        finished.push(name);
        return result;
      });
    const flood = [1, 2, 3, 4].map((n) => render(SLOW, 'flooding', `slow ${n}`));
    const quick = render(QUICK, 'other', 'quick');

    expect(await quick).toMatchObject({ ok: true, pages: 1 });
    expect(finished).toEqual(['slow 1', 'quick']);
    const results = await Promise.all(flood);
    expect(results.every((result) => result.ok === false && result.kind === 'time')).toBe(true);
    expect(finished).toEqual(['slow 1', 'quick', 'slow 2', 'slow 3', 'slow 4']);
  });

  it("keeps a process free for the others while an organisation's renders are being stopped", async () => {
    renderer = createRenderer({ processes: 2, timeLimitMs: 700 });
    // Both processes run the flooding organisation's first two; two more wait.
    const flood = [1, 2, 3, 4].map(() => renderer.render(SLOW, 'flooding'));
    // The other's first render waits for a process to free (one render at most).
    expect(await renderer.render(QUICK, 'other')).toMatchObject({ ok: true });
    // Its renders stopped, the flooding organisation runs on one process: the other's next starts at once.
    const started = performance.now();
    expect(await renderer.render(QUICK, 'other')).toMatchObject({ ok: true });
    expect(performance.now() - started).toBeLessThan(500);
    const results = await Promise.all(flood);
    expect(results.every((result) => result.ok === false && result.kind === 'time')).toBe(true);
  });

  it("refuses at once an organisation's render past its own waiting renders, and any render past the server's", async () => {
    renderer = createRenderer({
      processes: 1,
      timeLimitMs: 500,
      maxWaitingPerOrganisation: 2,
      maxWaiting: 3,
    });
    // One running and two waiting: the flooding organisation's fourth is refused, not queued.
    const accepted = [1, 2, 3].map(() => renderer.render(SLOW, 'flooding'));
    const started = performance.now();
    const refused = await renderer.render(SLOW, 'flooding');
    expect(refused).toEqual({ ok: false, kind: 'busy', whose: 'organisation', retryAfterSeconds: 1 });
    // Another organisation still has a place to wait; a third finds every place taken.
    const other = renderer.render(QUICK, 'other');
    const third: RenderResult = await renderer.render(QUICK, 'third');
    expect(third).toEqual({ ok: false, kind: 'busy', whose: 'server', retryAfterSeconds: 1 });
    expect(performance.now() - started).toBeLessThan(100);

    expect(await other).toMatchObject({ ok: true });
    expect(await Promise.all(accepted)).toEqual([1, 2, 3].map(() => ({ ok: false, kind: 'time' })));
  });
});
