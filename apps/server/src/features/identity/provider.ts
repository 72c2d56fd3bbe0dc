import { randomBytes } from 'node:crypto';
import { isUuid } from '@fieldbook/domain';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import { findUserById } from './accounts.ts';
import { databaseAdapter } from './adapter.ts';
import { logoutPage, providerErrorPage, signedOutPage } from './pages.ts';
import { sharedSecret } from './secrets.ts';
import {
  type Memberships,
  requestedTenant,
  tenantClaimNames,
  tenantClaimsFor,
  withRequestedTenant,
} from './tenant-claims.ts';

async function generateSigningKeys(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, alg: 'ES256', use: 'sig', kid: randomBytes(8).toString('hex') }] };
}

/** The signing keys of the embedded issuer, shared by every server process through the database. */
export const signingKeys = (db: Db) => sharedSecret(db, 'oidc_signing_keys', generateSigningKeys);

/** What a public key of the set holds: its type, curve or modulus and exponent, and how it is used. */
const PUBLIC_FIELDS = ['kty', 'crv', 'x', 'y', 'n', 'e', 'alg', 'use', 'kid'] as const;

/** Public halves only, for verifying tokens without an HTTP round trip to ourselves. */
export function publicKeys(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map((key) => Object.fromEntries(PUBLIC_FIELDS.map((field) => [field, key[field]]))),
  };
}

export const webRedirectUris = (publicUrl: string) => [
  `${publicUrl}/auth/callback`,
  `${publicUrl}/auth/silent-callback`,
  `${publicUrl}/auth/popup-callback`,
];

/** The provider's answer is one of our pages. */
const answerWith = (ctx: KoaContextWithOIDC, page: string) => {
  ctx.type = 'html';
  ctx.body = page;
};

/** The embedded OpenID Connect issuer, mounted at /oidc. */
export async function createIdentityProvider(
  config: Config,
  db: Db,
  memberships: Memberships,
): Promise<Provider> {
  const { oidc, publicUrl } = config;
  const names = tenantClaimNames(oidc.claimNamespace);
  const jwks = await signingKeys(db);
  const cookieKeys = await sharedSecret(db, 'oidc_cookie_keys', async () => [
    randomBytes(32).toString('base64url'),
  ]);

  const configuration: Configuration = {
    adapter: (model: string) => databaseAdapter(model, db),
    clients: [
      {
        client_id: oidc.clientId,
        client_name: 'Fieldbook',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: 'ES256',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: webRedirectUris(publicUrl),
        post_logout_redirect_uris: [`${publicUrl}/`],
      },
    ],
    jwks: jwks as Configuration['jwks'],
    cookies: { keys: cookieKeys, long: { signed: true }, short: { signed: true } },
    pkce: { required: () => true },
    claims: {
      openid: ['sub', names.tenantId, names.tenants],
      profile: ['name'],
      email: ['email', 'email_verified'],
    },
    conformIdTokenClaims: false,
    extraParams: {
      // `tenant` names the organisation to sign in to; it travels as a claims request so that the code,
      // the refresh tokens and every token issued from them keep it.
      async tenant(ctx: KoaContextWithOIDC, value: string | undefined) {
        if (value === undefined) return;
        if (!isUuid(value)) throw new errors.InvalidRequest('tenant must be an organisation id');
        const accountId = ctx.oidc.session?.accountId;
        if (accountId && !(await memberships.isMember(value, accountId))) {
          throw new errors.AccessDenied('You are not a member of that organisation.');
        }
        const params = ctx.oidc.params as Record<string, unknown>;
        const current = typeof params.claims === 'string' ? JSON.parse(params.claims) : undefined;
        params.claims = JSON.stringify(withRequestedTenant(current, names, value));
      },
    },
    features: {
      claimsParameter: { enabled: true },
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => answerWith(ctx, logoutPage(form)),
        postLogoutSuccessSource: async (ctx) => answerWith(ctx, signedOutPage(publicUrl)),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => oidc.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== oidc.audience) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience: oidc.audience,
            accessTokenTTL: oidc.accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        async claims(_use, _scope, claims) {
          return {
            sub,
            name: user.name,
            email: user.email,
            email_verified: false,
            ...(await tenantClaimsFor(memberships, sub, requestedTenant({ id_token: claims }, names), names)),
          };
        },
      };
    },
    async extraTokenClaims(ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const source = ctx.oidc.entities.AuthorizationCode ?? ctx.oidc.entities.RefreshToken;
      const claims = await tenantClaimsFor(
        memberships,
        token.accountId,
        requestedTenant(source?.claims, names),
        names,
      );
      const tenantId = claims[names.tenantId];
      if (typeof tenantId !== 'string') return undefined;
      // Pin the tenant on the source, so the refresh token and ID token issued next carry the same one.
      if (source) source.claims = withRequestedTenant(source.claims, names, tenantId) as typeof source.claims;
      return { [names.tenantId]: tenantId };
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx) {
      // Fieldbook's own web app is first party: it is granted what it asks for, with no consent screen.
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(client.clientId);
      const grant =
        (grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined) ??
        new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addOIDCClaims([names.tenantId, names.tenants]);
      grant.addResourceScope(oidc.audience, 'api');
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // Tokens live with the sign-in session: signing out (end_session) revokes the session's grant, so the refresh
    // tokens every tab of that browser holds stop too. The web app keeps tokens in memory, so none outlives its tab.
    expiresWithSession: async () => true,
    ttl: {
      AccessToken: oidc.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      RefreshToken: oidc.sessionTtl,
      Session: oidc.sessionTtl,
      Grant: oidc.sessionTtl,
    },
    renderError: async (ctx, out) => answerWith(ctx, providerErrorPage(out)),
  };

  const provider = new Provider(oidc.issuer, configuration);
  // Behind a trusted proxy, X-Forwarded-Proto tells the provider the request came over https (Secure cookies).
  provider.proxy = config.trustProxy !== false;
  return provider;
}
