import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { chooseAddressSuggester } from './features/addresses/choose-suggester.ts';
import { registerAddressRoutes } from './features/addresses/routes.ts';
import { registerLocationRoutes } from './features/customers/location-routes.ts';
import { registerCustomerRoutes } from './features/customers/routes.ts';
import { readQuoteSourceIn, renderDocument } from './features/documents/index.ts';
import { registerDocumentRoutes } from './features/documents/routes.ts';
import { registerTemplateRoutes } from './features/documents/template-routes.ts';
import { registerExportRoutes } from './features/exports/routes.ts';
import { registerInteractions } from './features/identity/interactions.ts';
import { passwordResetPreparer } from './features/identity/password-resets.ts';
import { createIdentityProvider, publicKeys, signingKeys } from './features/identity/provider.ts';
import { createSignInThrottle } from './features/identity/sign-in-throttle.ts';
import { tenantClaimNames } from './features/identity/tenant-claims.ts';
import { registerInvoiceRoutes } from './features/invoices/routes.ts';
import { registerItemRoutes } from './features/items/routes.ts';
import { registerJobAttachmentRoutes } from './features/job-attachments/routes.ts';
import { registerJobDepartureRoutes } from './features/job-departures/routes.ts';
import { registerJobNoteRoutes } from './features/job-notes/routes.ts';
import { registerJobSignatureRoutes } from './features/job-signatures/routes.ts';
import { registerJobRoutes } from './features/jobs/routes.ts';
import { registerQuoteEmailRoutes } from './features/mail/quote-email-routes.ts';
import { registerMailRoutes } from './features/mail/routes.ts';
import { registerOrganisationRoutes } from './features/organisation/routes.ts';
import { registerPublicQuoteRoutes } from './features/quotes/public-routes.ts';
import { registerQuoteConversionRoutes, registerQuoteRoutes } from './features/quotes/routes.ts';
import { registerReceivablesRoutes } from './features/receivables/routes.ts';
import { registerTaxRateRoutes } from './features/tax-rates/routes.ts';
import { registerInvitationLinkRoutes, registerTeamRoutes } from './features/team/routes.ts';
import { registerTechnicianRoutes } from './features/technicians/routes.ts';
import { registerAccountRoutes, registerTenantRoutes } from './features/tenants/routes.ts';
import { isMember, listTenantsOf } from './features/tenants/tenants.ts';
import { registerTodayRoutes } from './features/today/routes.ts';
import { serverTasks } from './maintenance.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { isReady } from './platform/db/migrate.ts';
import type { FileStore } from './platform/files/file-store.ts';
import { openFileStore } from './platform/files/open-file-store.ts';
import { createTokenVerifier, localKeys, remoteKeys } from './platform/http/access-tokens.ts';
import { registerCallerApi, registerPublicApi, registerTenantApi } from './platform/http/api-scopes.ts';
import { createAuthentication } from './platform/http/authenticate.ts';
import { registerCors } from './platform/http/cors.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { ApiError, validationFailed } from './platform/http/errors.ts';
import { LOAD_LIMITS, type LoadLimits, registerLoadLimit } from './platform/http/load-limit.ts';
import { logDestination } from './platform/http/log-destination.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from './platform/mail/mail-worker.ts';
import { createRenderer, type Renderer } from './platform/renderer/renderer.ts';
import { createTaskRunner } from './platform/tasks/scheduled-tasks.ts';
import { registerWebApp } from './platform/web/web-app.ts';
import { DEMO_USER } from './seed/demo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files are kept (the sweep of files no row names runs with the server's housekeeping). */
    files: FileStore;
    /** The outbox's sender: `idle()` resolves once it has found nothing more to send. */
    mailWorker: Pick<MailWorker, 'idle'>;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Pino options or false; tests pass false, or a stream to read what was logged. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** How much API work is taken on at once; by default what suits the database (LOAD_LIMITS). */
  loadLimits?: LoadLimits;
  /** Renders documents; by default the app starts its own on the first render and stops it when it closes. */
  renderer?: Renderer;
  /** Where uploaded files go; by default the store the config names (`openFileStore`), closed with the app. */
  files?: FileStore;
  /** The mail worker's timings (tests shorten the retries); the server and sender come from the config. */
  mail?: Pick<MailWorkerOptions, 'retryDelaysMs' | 'pollMs' | 'leaseMs'>;
  /**
   * Whether this process takes its share of the background tasks (`backgroundTasks` in maintenance.ts: the
   * housekeeping and the automatic payment reminders), run by the mail worker. The server does; tests that build
   * an app run the tasks themselves, at the times they choose.
   */
  backgroundTasks?: boolean;
}

/** Builds the one process: the API under /api, the identity provider under /oidc, and the web app. */
export async function buildApp({
  config,
  database,
  logger,
  loadLimits,
  renderer = createRenderer(),
  files: givenFiles,
  mail: mailTimings,
  backgroundTasks = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, stream: logDestination() },
    trustProxy: trustedProxies(config.trustProxy),
    // A caller's X-Request-Id is kept only when it is a short id of safe characters: it goes into every log line.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Requests Node's HTTP parser refuses (headers over its limit, malformed HTTP) still answer in the error shape.
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (!socket.writable) return;
      const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
      const message = tooLarge ? 'The request headers are too large.' : 'The request is not valid HTTP.';
      const body = JSON.stringify(validationFailed(message).toBody());
      const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
      socket.end(
        `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    // A path that is not valid URL encoding answers in the API's error shape, not Fastify's.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const message =
        error.code === 'FST_ERR_BAD_URL' ? 'The request URL is not valid.' : 'The request is not valid.';
      void reply.code(400).send(validationFailed(message).toBody());
    },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  registerCors(app, [new URL(config.publicUrl).origin]);
  registerSecurityHeaders(app, config);
  registerLoadLimit(app, loadLimits ?? LOAD_LIMITS[database.kind]);

  await registerOpenApi(app, config.publicUrl);

  const { db } = database;
  // Requests for reset links become links and emails in the worker, after the page has answered.
  const prepareResets = config.oidc.embedded
    ? passwordResetPreparer(db, {
        publicUrl: config.publicUrl,
        mailConfigured: config.mail.smtpUrl !== undefined,
        log: app.log,
      })
    : undefined;
  const opened = givenFiles ? undefined : await openFileStore(config.files);
  const files = givenFiles ?? (opened as FileStore);
  app.decorate('files', files);
  // The background tasks take their turn in the mail worker's loop, after the reset links.
  const tasks = backgroundTasks
    ? createTaskRunner(db, serverTasks({ database, files, renderer, log: app.log }), app.log)
    : undefined;
  const steps = [prepareResets, tasks?.runDue].filter((step) => step !== undefined);
  const prepare =
    steps.length === 0
      ? undefined
      : async () => {
          for (const step of steps) if (await step()) return true;
          return false;
        };
  const mail = createMailWorker(db, { ...config.mail, ...mailTimings, prepare }, app.log);
  app.decorate('mailWorker', mail);
  const names = tenantClaimNames(config.oidc.claimNamespace);
  let provider: Provider | undefined;
  const throttle = createSignInThrottle(db);
  if (config.oidc.embedded) {
    // Who belongs where, for the sign-in: the tenants feature answers the identity provider's questions.
    const memberships = {
      isMember: (tenantId: string, subject: string) => isMember(db, tenantId, subject),
      tenantsOf: (subject: string) => listTenantsOf(db, subject),
    };
    provider = await createIdentityProvider(config, db, memberships);
    mountProvider(app, provider);
    registerInteractions(app, {
      provider,
      db,
      signupEnabled: config.oidc.signupEnabled,
      demoHint: config.seedDemo ? DEMO_USER : undefined,
      throttle,
      publicUrl: config.publicUrl,
      mail,
      memberships,
    });
  }
  const verify = createTokenVerifier({
    issuer: config.oidc.issuer,
    audience: config.oidc.audience,
    acceptedTypes: config.oidc.accessTokenTypes,
    tenantIdClaim: names.tenantId,
    keys: config.oidc.embedded
      ? localKeys(publicKeys(await signingKeys(db)))
      : remoteKeys(config.oidc.issuer),
  });
  const auth = createAuthentication(verify);

  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { schema: { hide: true } }, async (_request, reply) => {
    if (await isReady(database)) return { status: 'ready' };
    return reply.code(503).send(new ApiError('SERVICE_UNAVAILABLE', 'The database is not ready.').toBody());
  });
  await registerCallerApi(app, auth, (api) => {
    registerAccountRoutes(api, db);
    registerInvitationLinkRoutes(api, db);
  });
  await registerPublicApi(app, (api) =>
    registerPublicQuoteRoutes(api, db, throttle, config.publicUrl, {
      read: (tx, tenantId, id) => readQuoteSourceIn(tx, tenantId, id),
      render: async (source) => (await renderDocument(renderer, source, 'pdf')) as Uint8Array,
    }),
  );
  const suggester = chooseAddressSuggester(config.addresses, db);
  await registerTenantApi(app, auth, (api) => {
    registerTenantRoutes(api, db);
    registerCustomerRoutes(api, db);
    registerLocationRoutes(api, db);
    registerItemRoutes(api, db);
    registerTaxRateRoutes(api, db);
    registerJobRoutes(api, db);
    registerJobNoteRoutes(api, db);
    registerJobSignatureRoutes(api, db);
    registerJobDepartureRoutes(api, db, mail);
    registerJobAttachmentRoutes(api, db, files);
    registerTodayRoutes(api, db);
    registerReceivablesRoutes(api, db);
    registerTechnicianRoutes(api, db);
    registerInvoiceRoutes(api, db);
    registerQuoteRoutes(api, db);
    registerQuoteConversionRoutes(api, db);
    registerExportRoutes(api, db);
    registerOrganisationRoutes(api, db, renderer);
    registerTemplateRoutes(api, db, renderer);
    registerDocumentRoutes(api, db, renderer, files);
    registerAddressRoutes(api, suggester);
    registerTeamRoutes(api, db, mail, config.publicUrl);
    registerMailRoutes(api, db, mail, renderer);
    registerQuoteEmailRoutes(api, db, mail, renderer, config.publicUrl);
  });
  await registerWebApp(app, config);
  app.addHook('onReady', async () => {
    await tasks?.schedule();
    mail.start();
  });
  app.addHook('onClose', () => mail.stop());
  app.addHook('onClose', () => renderer.close());
  app.addHook('onClose', async () => opened?.close());
  return app;
}

/** Fastify's trustProxy for a hop count (as proxy-addr counts hops; Fastify's types lack the number form). */
function trustedProxies(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Hands /oidc/* (but our own interaction pages) to the provider before Fastify reads the body. */
function mountProvider(app: FastifyInstance, provider: Provider): void {
  const callback = provider.callback();
  app.all('/oidc/*', {
    schema: { hide: true },
    // `done` is deliberately not called: the provider owns this request from here, body included.
    onRequest: (request, reply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice('/oidc'.length) || '/';
      callback(raw, reply.raw);
    },
    handler: async () => undefined,
  });
}
