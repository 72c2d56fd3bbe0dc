import { isEmailAddress, requiredText } from '@fieldbook/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import { authenticate, createUser, EmailTakenError, findUserByEmail } from './accounts.ts';
import { canonicalEmail, isLookupableEmail } from './emails.ts';
import {
  chooseNewPasswordPage,
  forgotPasswordPage,
  loginPage,
  logoutScript,
  messagePage,
  resetLinkSentPage,
  signupPage,
} from './pages.ts';
import { findPasswordReset, requestPasswordReset, resetPassword } from './password-resets.ts';
import type { Admission, SignInThrottle } from './sign-in-throttle.ts';
import type { Memberships } from './tenant-claims.ts';

export interface InteractionOptions {
  /** Whether a user belongs to an organisation they ask to sign in to. */
  memberships: Pick<Memberships, 'isMember'>;
  provider: Provider;
  db: Db;
  signupEnabled: boolean;
  demoHint?: { email: string; password: string } | undefined;
  throttle: SignInThrottle;
  /** Reset links are made from it. */
  publicUrl: string;
  /** Sends the password reset emails (stored in the identity outbox). */
  mail: Pick<MailWorker, 'configured' | 'kick'>;
}

/** Sign-in pages are not part of the API reference. */
const hidden = { schema: { hide: true } };

const WRONG_CREDENTIALS = 'Incorrect email or password.';
const INVALID_EMAIL = 'Enter a valid email address.';

/** "30 seconds", "1 minute", "15 minutes": how long the throttle asks the person to wait. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

const tooManyAttempts = (what: string, seconds: number) =>
  `Too many ${what}. Please wait ${waitText(seconds)}, then try again.`;

const newPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters.')
  .max(1000, 'Password is too long.');

const signupSchema = z.object({
  name: requiredText('Enter your name.', 200),
  email: z.string().trim().max(320).refine(isEmailAddress, 'Enter a valid email address.'),
  password: newPassword,
});

type Form = Record<string, string | undefined>;
type UidRequest = FastifyRequest<{ Params: { uid: string }; Body: Form }>;

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

const tooMany = (reply: FastifyReply, admission: Admission & { allowed: false }, page: string) =>
  html(reply.header('retry-after', String(admission.retryAfterSeconds)), page, 429);

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
      typeof tenant === 'string' && !(await options.memberships.isMember(tenant, accountId))
        ? { error: 'access_denied', error_description: 'You are not a member of that organisation.' }
        : { login: { accountId } };
    const to = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(to, 303);
  }

  const loginView = (uid: string, extra: { email?: string; error?: string; focusPassword?: boolean } = {}) =>
    loginPage({ uid, signupEnabled: options.signupEnabled, demoHint: options.demoHint, ...extra });

  app.get(logoutScript.path, hidden, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(logoutScript.body),
  );

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
    if (!isLookupableEmail(email)) {
      return html(reply, loginView(interaction.uid, { error: INVALID_EMAIL }), 400);
    }
    // The throttle counts per account, however its email is spelt; an unknown email counts as one too.
    const account = (await findUserByEmail(db, email))?.id ?? `email:${canonicalEmail(email)}`;
    const admission = await options.throttle.beginSignIn(account, request.ip);
    if (!admission.allowed) {
      const error = tooManyAttempts('failed sign-in attempts', admission.retryAfterSeconds);
      return tooMany(reply, admission, loginView(interaction.uid, { email, error }));
    }
    const user = await authenticate(db, email, password);
    if (!user) {
      const view = loginView(interaction.uid, { email, error: WRONG_CREDENTIALS, focusPassword: true });
      return html(reply, view, 401);
    }
    await options.throttle.signedIn(account, request.ip);
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
    const admission = await options.throttle.beginSignUp(request.ip);
    if (!admission.allowed) {
      const error = tooManyAttempts('new accounts from your network', admission.retryAfterSeconds);
      const page = signupPage({ uid: interaction.uid, name: form.name, email: form.email, error });
      return tooMany(reply, admission, page);
    }
    try {
      const user = await createUser(db, parsed.data);
      return finishLogin(request, reply, user.id, interaction.params.tenant);
    } catch (error) {
      if (error instanceof EmailTakenError) return again(error.message);
      throw error;
    }
  });

  app.get('/oidc/interaction/:uid/forgot', hidden, async (request: UidRequest, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    return html(reply, forgotPasswordPage({ uid: interaction.uid }));
  });

  app.post('/oidc/interaction/:uid/forgot', hidden, async (request: UidRequest, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    const email = String(request.body?.email ?? '').trim();
    if (!email || !isLookupableEmail(email) || !isEmailAddress(email)) {
      return html(reply, forgotPasswordPage({ uid: interaction.uid, email, error: INVALID_EMAIL }), 400);
    }
    // The same work whether or not an account has the address, so that neither the answer nor its time tells:
    // the throttle counts the address as typed, and the request is stored; the mail worker makes the link
    // and its email afterwards (`preparePasswordReset`).
    const admission = await options.throttle.beginPasswordReset(`email:${canonicalEmail(email)}`, request.ip);
    if (!admission.allowed) {
      const error = tooManyAttempts('requests for a reset link', admission.retryAfterSeconds);
      return tooMany(reply, admission, forgotPasswordPage({ uid: interaction.uid, email, error }));
    }
    await requestPasswordReset(db, email);
    options.mail.kick();
    // The same answer whether or not an account has the email: the page does not tell who has an account.
    return html(reply, resetLinkSentPage({ uid: interaction.uid, mailConfigured: options.mail.configured }));
  });

  type TokenRequest = FastifyRequest<{ Params: { token: string }; Body: Form }>;
  const linkExpired = (reply: FastifyReply) =>
    html(
      reply,
      messagePage(
        'Link expired',
        'This link to choose a new password has expired or has been used. Ask for a new one from the sign-in page.',
        { href: '/', text: 'Back to Fieldbook' },
      ),
      400,
    );

  app.get('/oidc/reset/:token', hidden, async (request: TokenRequest, reply) => {
    if (!(await findPasswordReset(db, request.params.token))) return linkExpired(reply);
    return html(
      reply.header('referrer-policy', 'no-referrer'),
      chooseNewPasswordPage({ action: request.url }),
    );
  });

  app.post('/oidc/reset/:token', hidden, async (request: TokenRequest, reply) => {
    if (!(await findPasswordReset(db, request.params.token))) return linkExpired(reply);
    const password = String(request.body?.password ?? '');
    const confirm = String(request.body?.confirm ?? '');
    const parsed = newPassword.safeParse(password);
    const problems = [
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)),
      ...(password !== confirm ? ['The two passwords are not the same.'] : []),
    ];
    if (problems.length > 0) {
      const page = chooseNewPasswordPage({
        action: request.url,
        error: 'Please correct the following:',
        fieldErrors: problems,
      });
      return html(reply, page, 400);
    }
    if (!(await resetPassword(db, request.params.token, password))) return linkExpired(reply);
    return html(
      reply,
      messagePage('Password changed', 'Your password has been changed. Sign in with your new password.', {
        href: '/',
        text: 'Sign in',
      }),
    );
  });
}
