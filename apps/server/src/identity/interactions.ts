import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { isMember } from '../tenants/tenants.ts';
import { authenticate, createUser, EmailTakenError } from './accounts.ts';
import { loginPage, messagePage, signupPage } from './pages.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

export interface InteractionOptions {
  provider: Provider;
  db: Db;
  signupEnabled: boolean;
  demoHint?: { email: string; password: string } | undefined;
  throttle: SignInThrottle;
}

/** Sign-in pages are not part of the API reference. */
const hidden = { schema: { hide: true } };

const WRONG_CREDENTIALS = 'Incorrect email or password.';
const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please wait 15 minutes, then try again.';

const signupSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(200, 'Name is too long.'),
  email: z.email('Enter a valid email address.').max(320),
  password: z.string().min(8, 'Password must be at least 8 characters.').max(1000, 'Password is too long.'),
});

type Form = Record<string, string | undefined>;
type UidRequest = FastifyRequest<{ Params: { uid: string }; Body: Form }>;

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/** Sign-in and sign-up pages of the embedded provider, at /oidc/interaction/:uid. */
export function registerInteractions(app: FastifyInstance, options: InteractionOptions): void {
  const { provider, db } = options;

  async function details(request: UidRequest, reply: FastifyReply) {
    try {
      const found = await provider.interactionDetails(request.raw, reply.raw);
      return found.uid === request.params.uid ? found : undefined;
    } catch (error) {
      request.log.info({ err: error }, 'sign-in interaction not found');
      return undefined;
    }
  }

  const expired = (reply: FastifyReply) =>
    html(
      reply,
      messagePage('Sign-in expired', 'This sign-in page has expired. Please start again.', {
        href: '/',
        text: 'Back to Fieldbook',
      }),
      400,
    );

  /** Finishes a sign-in for the user, refusing an organisation they do not belong to. */
  async function finishLogin(request: UidRequest, reply: FastifyReply, accountId: string, tenant: unknown) {
    const result =
      typeof tenant === 'string' && !(await isMember(db, tenant, accountId))
        ? { error: 'access_denied', error_description: 'You are not a member of that organisation.' }
        : { login: { accountId } };
    const to = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(to, 303);
  }

  const loginView = (uid: string, extra: { email?: string; error?: string } = {}) =>
    loginPage({ uid, signupEnabled: options.signupEnabled, demoHint: options.demoHint, ...extra });

  app.get('/oidc/interaction/:uid', hidden, async (request: UidRequest, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    const loginHint = interaction.params.login_hint;
    return html(reply, loginView(interaction.uid, typeof loginHint === 'string' ? { email: loginHint } : {}));
  });

  app.post('/oidc/interaction/:uid/login', hidden, async (request: UidRequest, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    const email = String(request.body?.email ?? '').trim();
    const password = String(request.body?.password ?? '');
    if (!email || !password) {
      return html(reply, loginView(interaction.uid, { email, error: 'Enter your email and password.' }), 400);
    }
    if (options.throttle.isBlocked(email, request.ip)) {
      return html(reply, loginView(interaction.uid, { email, error: TOO_MANY_FAILURES }), 429);
    }
    const user = await authenticate(db, email, password);
    if (!user) {
      options.throttle.recordFailure(email, request.ip);
      return html(reply, loginView(interaction.uid, { email, error: WRONG_CREDENTIALS }), 401);
    }
    options.throttle.recordSuccess(email);
    return finishLogin(request, reply, user.id, interaction.params.tenant);
  });

  app.get('/oidc/interaction/:uid/signup', hidden, async (request: UidRequest, reply) => {
    if (!options.signupEnabled)
      return html(reply, messagePage('Sign-up is off', 'Ask your administrator for an account.'), 404);
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    return html(reply, signupPage({ uid: interaction.uid }));
  });

  app.post('/oidc/interaction/:uid/signup', hidden, async (request: UidRequest, reply) => {
    if (!options.signupEnabled)
      return html(reply, messagePage('Sign-up is off', 'Ask your administrator for an account.'), 404);
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    const form = {
      name: request.body?.name ?? '',
      email: (request.body?.email ?? '').trim(),
      password: request.body?.password ?? '',
    };
    const parsed = signupSchema.safeParse(form);
    const again = (error: string, fieldErrors: string[] = []) =>
      html(
        reply,
        signupPage({ uid: interaction.uid, name: form.name, email: form.email, error, fieldErrors }),
        400,
      );
    if (!parsed.success) {
      return again(
        'Please correct the following:',
        parsed.error.issues.map((i) => i.message),
      );
    }
    try {
      const user = await createUser(db, parsed.data);
      return finishLogin(request, reply, user.id, interaction.params.tenant);
    } catch (error) {
      if (error instanceof EmailTakenError) return again(error.message);
      throw error;
    }
  });
}
