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
    [{ S3_URL: 'ftp://key:secret@storage.example/uploads' }, 'S3_URL'],
    [{ S3_URL: 'not a url' }, 'S3_URL'],
    [{ S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
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

  it('keeps files on the disk under DATA_DIR when no S3 bucket is named, or in FILES_DIR', () => {
    expect(loadConfig({}).files).toEqual({ store: 'disk', dir: './data/files' });
    expect(loadConfig({ DATA_DIR: '/var/lib/fieldbook/' }).files).toEqual({
      store: 'disk',
      dir: '/var/lib/fieldbook/files',
    });
    expect(loadConfig({ DATA_DIR: '/var/lib/fieldbook', FILES_DIR: '/mnt/uploads' }).files).toEqual({
      store: 'disk',
      dir: '/mnt/uploads',
    });
  });

  it('reads an S3 store from S3_URL, path-style', () => {
    expect(
      loadConfig({ S3_URL: 'https://AKIA%2B1:s3cr%2Ft@storage.example:9000/uploads/?region=ap-southeast-2' })
        .files,
    ).toEqual({
      store: 's3',
      endpoint: 'https://storage.example:9000',
      bucket: 'uploads',
      region: 'ap-southeast-2',
      accessKeyId: 'AKIA+1',
      secretAccessKey: 's3cr/t',
      forcePathStyle: true,
    });
  });

  it('reads an S3 store from S3_BUCKET and S3_ENDPOINT, which override S3_URL', () => {
    expect(
      loadConfig({ S3_BUCKET: 'fieldbook-files', S3_ENDPOINT: 'https://s3.example.com/' }).files,
    ).toEqual({
      store: 's3',
      endpoint: 'https://s3.example.com',
      bucket: 'fieldbook-files',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(loadConfig({ S3_BUCKET: 'fieldbook-files' }).files).toMatchObject({ endpoint: undefined });
    expect(
      loadConfig({
        S3_URL: 'https://key:secret@storage.example/uploads',
        S3_BUCKET: 'other',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'key2',
        S3_FORCE_PATH_STYLE: 'false',
      }).files,
    ).toMatchObject({ bucket: 'other', region: 'eu-west-1', accessKeyId: 'key2', forcePathStyle: false });
  });

  it('stops when S3_URL names no bucket and S3_BUCKET is unset', () => {
    for (const url of ['https://key:secret@storage.example', 'https://key:secret@storage.example/'])
      expect(() => loadConfig({ S3_URL: url })).toThrow(
        /S3_URL: Name the bucket: https:\/\/ACCESS_KEY:SECRET@host\/bucket, or set S3_BUCKET\./,
      );
    expect(
      loadConfig({ S3_URL: 'https://key:secret@storage.example', S3_BUCKET: 'uploads' }).files,
    ).toMatchObject({ store: 's3', endpoint: 'https://storage.example', bucket: 'uploads' });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
