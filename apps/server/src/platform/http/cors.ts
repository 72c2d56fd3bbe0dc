import { LIST_HEADERS, XERO_EXPORT_HEADERS } from '@fieldbook/domain';
import type { FastifyInstance } from 'fastify';

/**
 * Response headers the web app reads: the list headers, replays, the request id, what an export holds, and the
 * server's time (`Date`: a phone's actions are stamped by the server's clock, not a wrong one of its own).
 */
const EXPOSED_HEADERS = [
  ...LIST_HEADERS,
  'Date',
  'Idempotency-Replayed',
  'X-Request-Id',
  ...Object.values(XERO_EXPORT_HEADERS),
];

/**
 * CORS for /api, so the API can live on its own host: the allowed origins may call it with a bearer
 * token (no cookies), and list headers are exposed to the browser.
 */
export function registerCors(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('access-control-expose-headers', EXPOSED_HEADERS.join(', '));
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
        .header('access-control-allow-headers', 'Authorization, Content-Type, Idempotency-Key')
        .header('access-control-max-age', '600')
        .send();
    }
  });
}
