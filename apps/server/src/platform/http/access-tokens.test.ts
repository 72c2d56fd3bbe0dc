import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier } from './access-tokens.ts';

const issuer = 'https://issuer.example';
const audience = 'https://api.example';

/** A verifier over a fresh key, counting how often it is asked for the key (once per signature checked). */
async function verifierWithKey() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
  const local = createLocalJWKSet({ keys: [jwk] });
  const lookups = { count: 0 };
  const keys: JWTVerifyGetKey = (header, token) => {
    lookups.count += 1;
    return local(header, token);
  };
  const verify = createTokenVerifier({
    issuer,
    audience,
    acceptedTypes: ['at+jwt'],
    tenantIdClaim: 'tenantId',
    keys,
  });
  const sign = (expiresIn: string) =>
    new SignJWT({ tenantId: 't1' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'k1' })
      .setSubject('user-1')
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(privateKey);
  return { verify, sign, lookups };
}

describe('createTokenVerifier', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks a token’s signature once, then remembers it until it expires', async () => {
    const { verify, sign, lookups } = await verifierWithKey();
    const token = await sign('5m');
    expect(await verify(token)).toEqual({ subject: 'user-1', tenantId: 't1' });
    expect(await verify(token)).toEqual({ subject: 'user-1', tenantId: 't1' });
    expect(lookups.count).toBe(1);

    // Past its expiry and the 5 s of clock skew allowed, the remembered token is refused like any expired one.
    vi.useFakeTimers({ now: Date.now() + 5 * 60_000 + 6_000 });
    await expect(verify(token)).rejects.toThrow('The access token has expired.');
    expect(lookups.count).toBe(2);
  });

  it('remembers nothing of a token that failed', async () => {
    const { verify, sign, lookups } = await verifierWithKey();
    const token = await sign('5m');
    const tampered = `${token.slice(0, -4)}AAAA`;
    await expect(verify(tampered)).rejects.toThrow('The access token is not valid.');
    await expect(verify(tampered)).rejects.toThrow('The access token is not valid.');
    expect(lookups.count).toBe(2);
  });
});
