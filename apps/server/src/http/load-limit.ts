import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from './errors.ts';

/**
 * How much API work one process takes on at once. More requests than `maxInFlight` wait in a queue of at most
 * `maxWaiting`, each for at most `maxWaitMs`; past either, the request is answered 503 at once with
 * `Retry-After`, instead of every caller waiting longer and longer behind a queue that only grows.
 */
export interface LoadLimits {
  maxInFlight: number;
  maxWaiting: number;
  maxWaitMs: number;
  /** Seconds a refused caller is asked to wait before trying again. */
  retryAfterSeconds: number;
}

/**
 * PGlite is one connection: more requests at once than a few only queue inside it. On PostgreSQL, requests in
 * flight beyond the pool's connections (`DATABASE_POOL_SIZE`) wait for one in turn, in the process, while the
 * others' answers are written: 20 keeps the pool busy with a short queue.
 */
export const LOAD_LIMITS = {
  pglite: { maxInFlight: 8, maxWaiting: 64, maxWaitMs: 5_000, retryAfterSeconds: 2 },
  postgres: { maxInFlight: 20, maxWaiting: 160, maxWaitMs: 5_000, retryAfterSeconds: 2 },
} satisfies Record<string, LoadLimits>;

const BUSY = 'The service is busy. Please try again in a few seconds.';

/** Health and readiness answer whatever the load: they are how a load balancer sees the process. */
const limited = (url: string) =>
  url.startsWith('/api/') && !url.startsWith('/api/health') && !url.startsWith('/api/ready');

/** Bounds the API requests in flight (see LoadLimits); the rest of the site is not limited. */
export function registerLoadLimit(app: FastifyInstance, limits: LoadLimits): void {
  let inFlight = 0;
  const waiting = new Set<() => void>();

  /** A finished request hands its place to the longest-waiting one, or gives it back. */
  const release = () => {
    const [next] = waiting;
    if (next) {
      waiting.delete(next);
      next();
    } else {
      inFlight -= 1;
    }
  };

  const busy = (reply: FastifyReply) =>
    reply
      .code(503)
      .header('retry-after', String(limits.retryAfterSeconds))
      .send(new ApiError('SERVICE_UNAVAILABLE', BUSY).toBody());

  /** Resolves true once the request holds a place; false if it waited too long or its caller hung up. */
  const waitForPlace = (reply: FastifyReply) =>
    new Promise<boolean>((resolve) => {
      const settle = (admitted: boolean) => {
        clearTimeout(timer);
        waiting.delete(admit);
        reply.raw.off('close', hungUp);
        resolve(admitted);
      };
      const admit = () => settle(true);
      const hungUp = () => settle(false);
      const timer = setTimeout(() => settle(false), limits.maxWaitMs);
      waiting.add(admit);
      reply.raw.once('close', hungUp);
    });

  app.addHook('onRequest', async (request, reply) => {
    if (!limited(request.url)) return;
    if (inFlight < limits.maxInFlight) {
      inFlight += 1;
    } else if (waiting.size >= limits.maxWaiting || !(await waitForPlace(reply))) {
      request.log.warn({ inFlight, waiting: waiting.size }, 'refused: too many requests in flight');
      return busy(reply);
    }
    // Given back when the response is done or the connection is gone, whichever comes first (never twice).
    reply.raw.once('close', release);
  });
}
