import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { ApiError } from '../http/errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const defaultDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/** What the web app needs to know at run time (served as /config.json). */
export function webConfig(config: Config) {
  return {
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    apiBaseUrl: `${config.publicUrl}/api`,
    claimNamespace: config.oidc.claimNamespace,
    scope: config.oidc.scope,
    helpUrl: config.helpUrl,
  };
}

/**
 * Serves the built web app. Every path that is not the API or the identity provider falls back to
 * index.html, so the app's router decides (including its 'Page not found').
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const body = webConfig(config);
  app.get('/config.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(body),
  );

  const root = resolve(config.webDistDir ?? defaultDist);
  const built = existsSync(resolve(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/scripts/compress.ts); the one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Assets are named by their content's hash: a changed file has a new name, so they never go stale.
        void reply.header('cache-control', /[/\\]assets[/\\]/.test(path) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/oidc/')) {
      throw new ApiError('NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new ApiError('NOT_FOUND', 'Not found.');
    }
    // A missing file (an old asset, /robots.txt) is a 404, not the app's HTML under its name.
    if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) {
      return reply.code(404).type('text/plain').send('Not found.');
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it).');
    }
    // A quote's public page (`/q/{token}`) is the customer's: not for search engines, and its link (a secret) is
    // not passed on to the sites it links to.
    if (request.url.startsWith('/q/'))
      reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    // Hashed assets are cached forever by their names; index.html must always be fresh.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
  });
}
