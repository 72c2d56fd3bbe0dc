import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: './data',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databasePoolSize).toBe(4);
    expect(config.addresses).toEqual({ provider: 'offline' });
    expect(config.oidc).toMatchObject({
      embedded: true,
      issuer: 'http://localhost:3000/oidc',
      audience: 'http://localhost:3000/api',
      claimNamespace: 'https://fieldbook.app/',
      signupEnabled: true,
    });
  });

  it('takes the number of connections to keep to PostgreSQL', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db.internal/fieldbook', DATABASE_POOL_SIZE: '12' }),
    ).toMatchObject({ databaseUrl: 'postgres://db.internal/fieldbook', databasePoolSize: 12 });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/whole number of connections/);
  });

  it('derives URLs from PUBLIC_URL and takes an external issuer', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://app.example.com/',
      OIDC_ISSUER: 'https://tenant.auth0.com/',
    });
    expect(config.publicUrl).toBe('https://app.example.com');
    expect(config.oidc).toMatchObject({
      embedded: false,
      issuer: 'https://tenant.auth0.com',
      audience: 'https://app.example.com/api',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://db.internal/fieldbook', DATABASE_POOLER: 'statement' }, 'DATABASE_POOLER'],
    [{ DATABASE_POOLER: 'transaction' }, 'DATABASE_POOLER'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: '2.5' }, 'DATABASE_POOL_SIZE'],
    [{ OIDC_SIGNUP_ENABLED: 'maybe' }, 'OIDC_SIGNUP_ENABLED'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ADDRESS_PROVIDER: 'carrier-pigeon' }, 'ADDRESS_PROVIDER'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.5,proxy.example' }, 'TRUST_PROXY'],
  ])('stops with a message naming the bad setting %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.0.1.0/24,::1', ['10.0.0.5', '10.0.1.0/24', '::1']],
  ])('reads TRUST_PROXY %s as a hop count or a list of proxies', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('reads DATABASE_POOLER, none by default', () => {
    const url = 'postgres://fieldbook@pgbouncer.internal:6432/fieldbook';
    expect(loadConfig({ DATABASE_URL: url }).databasePooler).toBe('none');
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOLER: 'transaction' }).databasePooler).toBe(
      'transaction',
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
