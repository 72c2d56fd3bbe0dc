import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** The silent sign-in's hidden iframe lands here: the one page our own origin may frame. */
const SILENT_CALLBACK = '/auth/silent-callback';
/** The sign-in popup lands here and hands the result to its opener. */
const POPUP_CALLBACK = '/auth/popup-callback';

type Headers = [name: string, value: string][];

/**
 * The Content-Security-Policy: scripts only from our origin (no inline script); styles may be inline because
 * Mantine writes style attributes and <style> elements; the browser talks to our origin and to the issuer
 * (discovery, tokens, the silent sign-in's iframe) when the issuer is elsewhere.
 */
function contentSecurityPolicy(config: Config, frameAncestors: "'none'" | "'self'"): string {
  const issuer = externalIssuerOrigin(config);
  const withIssuer = issuer ? ` ${issuer}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // A job's photos are fetched with the bearer token and shown from object URLs (blob:).
    "img-src 'self' data: blob:",
    `connect-src 'self'${withIssuer}`,
    `frame-src 'self'${withIssuer}`,
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The issuer's origin when it is not ours (OIDC_ISSUER), else undefined. */
function externalIssuerOrigin(config: Config): string | undefined {
  const issuer = new URL(config.oidc.issuer).origin;
  return issuer === new URL(config.publicUrl).origin ? undefined : issuer;
}

/**
 * The headers for a path. The opener policy isolates our windows from other origins' windows; with an issuer
 * elsewhere, a sign-in popup passes through the issuer's origin, so our pages keep their popups and the popup's
 * callback page sets none (a policy there would cut the popup from the window that opened it).
 */
function headersFor(config: Config, path: string): Headers {
  const framable = path === SILENT_CALLBACK;
  const external = externalIssuerOrigin(config) !== undefined;
  const headers: Headers = [
    ['content-security-policy', contentSecurityPolicy(config, framable ? "'self'" : "'none'")],
    ['x-frame-options', framable ? 'SAMEORIGIN' : 'DENY'],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
  ];
  if (!external) headers.push(['cross-origin-opener-policy', 'same-origin']);
  else if (path !== POPUP_CALLBACK) headers.push(['cross-origin-opener-policy', 'same-origin-allow-popups']);
  if (config.publicUrl.startsWith('https:')) {
    headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  }
  return headers;
}

/**
 * Security headers on every response: the API, the web app, and the identity provider's pages. They are set on
 * the raw response in `onRequest`, so they also reach the replies the provider writes itself (it takes the
 * request over in its route's own `onRequest`, so no later hook of Fastify's runs; see `mountProvider` in app.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const usual = headersFor(config, '/');
  const special = new Map([SILENT_CALLBACK, POPUP_CALLBACK].map((path) => [path, headersFor(config, path)]));
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?', 1)[0] ?? '';
    for (const [name, value] of special.get(path) ?? usual) reply.raw.setHeader(name, value);
    done();
  });
}
