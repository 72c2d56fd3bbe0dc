import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JWK,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import { ApiError } from './errors.ts';

/** Who is calling: the token's subject and, when the token names one, the tenant it acts in. */
export interface Caller {
  subject: string;
  tenantId: string | undefined;
}

const unauthenticated = (message: string) => new ApiError('UNAUTHENTICATED', message);

/** How far the issuer's clock may be from ours. */
const CLOCK_TOLERANCE_SECONDS = 5;

/** The signature algorithms an access token may be signed with: public-key ones only. */
const ALGORITHMS = ['ES256', 'ES384', 'ES512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'EdDSA'];

/** Tokens remembered as verified, at most (about 1 KB each); the oldest is forgotten first. */
const REMEMBERED_TOKENS = 10_000;

/**
 * Verifies bearer access tokens: signature against the issuer's keys, issuer, audience, expiry and type. A token
 * verified once is remembered until it expires, so a caller's next requests skip the signature check (a
 * token's text cannot change; its expiry is checked on every request). A key the issuer withdraws therefore
 * stops a token already seen only at the token's expiry (minutes: `OIDC_ACCESS_TOKEN_TTL`).
 */
export function createTokenVerifier(options: {
  issuer: string;
  audience: string;
  acceptedTypes: string[];
  tenantIdClaim: string;
  keys: JWTVerifyGetKey;
}) {
  const remembered = new Map<string, { caller: Caller; expires: number }>();

  async function verifySignature(token: string): Promise<{ caller: Caller; expires: number }> {
    let verified: Awaited<ReturnType<typeof jwtVerify>>;
    try {
      verified = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthenticated('The access token has expired.');
      throw unauthenticated('The access token is not valid.');
    }
    // A token issued in the future (beyond the clock skew allowed above) was not issued by a sane issuer.
    const issuedAt = verified.payload.iat;
    if (typeof issuedAt === 'number' && issuedAt > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) {
      throw unauthenticated('The access token is not valid.');
    }
    const type = verified.protectedHeader.typ?.toLowerCase();
    if (!type || !options.acceptedTypes.includes(type))
      throw unauthenticated('The token is not an access token.');
    const tenantId = verified.payload[options.tenantIdClaim];
    return {
      caller: {
        subject: String(verified.payload.sub),
        tenantId: typeof tenantId === 'string' && tenantId ? tenantId : undefined,
      },
      // jwtVerify required `exp`, a number.
      expires: ((verified.payload.exp as number) + CLOCK_TOLERANCE_SECONDS) * 1000,
    };
  }

  return async function verifyAccessToken(token: string): Promise<Caller> {
    const known = remembered.get(token);
    if (known && Date.now() < known.expires) return known.caller;
    remembered.delete(token);
    const verified = await verifySignature(token);
    if (remembered.size >= REMEMBERED_TOKENS) remembered.delete(remembered.keys().next().value as string);
    remembered.set(token, verified);
    return verified.caller;
  };
}

export type VerifyAccessToken = ReturnType<typeof createTokenVerifier>;

/** Keys of an embedded issuer, known locally. */
export const localKeys = (jwks: { keys: JWK[] }): JWTVerifyGetKey => createLocalJWKSet(jwks);

/**
 * Keys of an external issuer (Auth0, Keycloak, Entra ID), from its discovery document's jwks_uri,
 * fetched on first use and cached (jose refetches when it meets an unknown key id).
 */
export function remoteKeys(issuer: string): JWTVerifyGetKey {
  let keySet: JWTVerifyGetKey | undefined;
  return async (header, token) => {
    if (!keySet) {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`Issuer discovery failed: ${response.status}`);
      const discovery = (await response.json()) as { jwks_uri?: string };
      if (!discovery.jwks_uri) throw new Error('Issuer discovery has no jwks_uri');
      keySet = createRemoteJWKSet(new URL(discovery.jwks_uri));
    }
    return keySet(header, token);
  };
}
