import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Hands the request's place to the next request while it waits for work that is not the API's (a render in
     * the renderer's own queue). Giving it back twice, or on close after this, gives back nothing more.
     */
    handBackPlace(): void;
    /**
     * Takes a place again after `handBackPlace`, for API work that follows (the save after a template's render):
     * at once, after a wait as a new request would, or a 503 with `Retry-After`. Holding one already, it does
     * nothing.
     */
    takePlaceAgain(): Promise<void>;
  }
}

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

  /** Takes a place at once, after a wait, or not at all (false): the queue is full or the wait too long. */
  const takePlace = async (reply: FastifyReply) => {
    if (inFlight < limits.maxInFlight) {
      inFlight += 1;
      return true;
    }
    return waiting.size < limits.maxWaiting && waitForPlace(reply);
  };

  const refused = (reply: FastifyReply) => {
    reply.log.warn({ inFlight, waiting: waiting.size }, 'refused: too many requests in flight');
    return new ApiError('SERVICE_UNAVAILABLE', BUSY, [], { retryAfterSeconds: limits.retryAfterSeconds });
  };

  app.decorateRequest('handBackPlace', () => undefined);
  app.decorateRequest('takePlaceAgain', async () => undefined);

  app.addHook('onRequest', async (request, reply) => {
    if (!limited(request.url)) return;
    if (!(await takePlace(reply))) {
      const error = refused(reply);
      return reply
        .code(error.status)
        .header('retry-after', String(error.retryAfterSeconds))
        .send(error.toBody());
    }
    let held = true;
    let gone = false;
    const handBack = () => {
      if (!held) return;
      held = false;
      release();
    };
    // Given back when the response is done or the connection is gone, whichever comes first (never twice).
    reply.raw.once('close', () => {
      gone = true;
      handBack();
    });
    request.handBackPlace = handBack;
    request.takePlaceAgain = async () => {
      if (held) return;
      // A caller who hung up takes no place: nothing would give it back.
      if (gone || !(await takePlace(reply))) throw refused(reply);
      held = true;
    };
  });
}
