import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './db/database.ts';
import { DATABASE_POOLERS } from './db/transaction-pooler.ts';

/** Where address suggestions come from (`ADDRESS_PROVIDER`). */
export const ADDRESS_PROVIDERS = ['offline'] as const;
export type AddressProvider = (typeof ADDRESS_PROVIDERS)[number];

const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A proxy's address: IPv4 or IPv6, optionally a CIDR range. */
const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/**
 * Whose X-Forwarded-For to believe: `false`/`0` nobody (the default), a hop count (the proxies in front of us,
 * each appending the address it saw), or a comma-separated list of the proxies' addresses. `true` (believe
 * anyone) is refused: any client could then claim any address and slip past the sign-in throttle.
 */
const trustProxySetting = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
  const addresses = text.split(',').map((part) => part.trim());
  if (addresses.every((address) => proxyAddress.safeParse(address).success)) return addresses;
  context.addIssue({
    code: 'custom',
    message:
      'Use the number of proxies in front of the server (such as 1) or their addresses, comma-separated ' +
      '(such as 10.0.0.5,10.0.1.0/24); `true` would believe any client’s X-Forwarded-For.',
  });
  return z.NEVER;
});

const urlSetting = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

/** Every setting the server reads, validated once at start-up (README lists them). */
const settingsSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: urlSetting.optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** What stands in front of PostgreSQL: `transaction` for PgBouncer in transaction mode (docs/deployment.md). */
  DATABASE_POOLER: z.enum(DATABASE_POOLERS).default('none'),
  /** Connections this process keeps open to PostgreSQL (docs/deployment.md, "How many connections"). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'Use a whole number of connections, such as 4.' })
    .int({ error: 'Use a whole number of connections, such as 4.' })
    .min(1, { error: 'Use at least 1 connection.' })
    .max(500, { error: 'Use at most 500 connections.' })
    .default(DEFAULT_POOL_SIZE),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where uploaded files live on the disk when no S3 store is set (docs/deployment.md, "Files"). */
  FILES_DIR: z.string().min(1).optional(),
  /**
   * S3-compatible object storage for uploaded files: `https://ACCESS_KEY:SECRET@host[:port]/bucket?region=…`
   * (path-style), or the separate settings below, which override its parts.
   */
  S3_URL: z.url({ protocol: /^https?$/, error: 'Use https://ACCESS_KEY:SECRET@host/bucket.' }).optional(),
  S3_ENDPOINT: urlSetting.optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address buckets as `host/bucket` (most S3-compatible servers) rather than `bucket.host` (AWS). */
  S3_FORCE_PATH_STYLE: booleanSetting.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting.default(false),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SEED_DEMO: booleanSetting.default(true),
  HELP_URL: urlSetting.default('https://help.fieldbook.app'),
  /** Where address suggestions come from; see docs/addresses.md for plugging in a commercial service. */
  ADDRESS_PROVIDER: z.enum(ADDRESS_PROVIDERS).default('offline'),
  /** Outgoing mail (docs/team.md); unset: messages stay in the outbox, readable at settings/outbox. */
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'Use smtp://user:password@host:587 or smtps://user:password@host:465.',
    })
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  OIDC_ISSUER: urlSetting.optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('fieldbook-web'),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_SCOPE: z.string().min(1).default('openid profile email api'),
  OIDC_CLAIM_NAMESPACE: z.string().min(1).default('https://fieldbook.app/'),
  OIDC_ACCESS_TOKEN_TYPES: z.string().min(1).default('at+jwt,application/at+jwt'),
  OIDC_SIGNUP_ENABLED: booleanSetting.default(true),
  OIDC_ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(300),
  OIDC_SESSION_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(14 * 24 * 3600),
});

/**
 * What the settings must agree on: a pooler stands in front of a PostgreSQL server (PGlite has none), and an S3
 * store has a bucket.
 */
const checkedSettings = settingsSchema
  .refine((s) => s.DATABASE_POOLER === 'none' || s.DATABASE_URL !== undefined, {
    path: ['DATABASE_POOLER'],
    message: 'A pooler stands in front of a PostgreSQL server: set DATABASE_URL too.',
  })
  .refine((s) => s.S3_URL === undefined || s.S3_BUCKET !== undefined || bucketIn(s.S3_URL) !== '', {
    path: ['S3_URL'],
    message: 'Name the bucket: https://ACCESS_KEY:SECRET@host/bucket, or set S3_BUCKET.',
  });

export class ConfigError extends Error {}

/** Where uploaded files go: S3 when a bucket is named (`S3_URL` or `S3_BUCKET`), else the disk. */
export type FilesConfig =
  | { store: 'disk'; dir: string }
  | {
      store: 's3';
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

/** The bucket an `S3_URL` names in its path ('' for none, undefined for no URL). */
function bucketIn(s3Url: string): string | undefined {
  return URL.parse(s3Url)?.pathname.replace(/^\/+|\/+$/g, '');
}

function filesOf(s: z.output<typeof settingsSchema>): FilesConfig {
  const url = s.S3_URL ? new URL(s.S3_URL) : undefined;
  const bucket = s.S3_BUCKET ?? (s.S3_URL ? bucketIn(s.S3_URL) : undefined);
  if (!bucket) return { store: 'disk', dir: s.FILES_DIR ?? `${s.DATA_DIR.replace(/\/+$/, '')}/files` };
  return {
    store: 's3',
    endpoint: s.S3_ENDPOINT ?? (url ? `${url.protocol}//${url.host}` : undefined),
    bucket,
    region: s.S3_REGION ?? url?.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: s.S3_ACCESS_KEY_ID ?? (url?.username ? decodeURIComponent(url.username) : undefined),
    secretAccessKey: s.S3_SECRET_ACCESS_KEY ?? (url?.password ? decodeURIComponent(url.password) : undefined),
    forcePathStyle: s.S3_FORCE_PATH_STYLE ?? url !== undefined,
  };
}

/** The server's settings, as `loadConfig` reads them. */
export type Config = ReturnType<typeof loadConfig>;

/** Reads and validates the settings; a bad one stops start-up with a message naming it. */
export function loadConfig(env: Record<string, string | undefined>) {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = checkedSettings.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const s = parsed.data;
  const publicUrl = s.PUBLIC_URL ?? `http://localhost:${s.PORT}`;
  return {
    port: s.PORT,
    host: s.HOST,
    publicUrl,
    databaseUrl: s.DATABASE_URL,
    databasePooler: s.DATABASE_POOLER,
    /** PostgreSQL connections this process keeps (not used with PGlite, which is one). */
    databasePoolSize: s.DATABASE_POOL_SIZE,
    dataDir: s.DATA_DIR,
    files: filesOf(s),
    logLevel: s.LOG_LEVEL,
    /** Fastify's trustProxy: no proxy, a hop count, or the proxies' addresses. */
    trustProxy: s.TRUST_PROXY,
    webDistDir: s.WEB_DIST_DIR,
    seedDemo: s.SEED_DEMO,
    helpUrl: s.HELP_URL,
    addresses: { provider: s.ADDRESS_PROVIDER },
    mail: { smtpUrl: s.SMTP_URL, from: s.MAIL_FROM ?? `Fieldbook <no-reply@${new URL(publicUrl).hostname}>` },
    oidc: {
      /** True when this process hosts the identity provider at /oidc. */
      embedded: s.OIDC_ISSUER === undefined,
      issuer: s.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      clientId: s.OIDC_CLIENT_ID,
      audience: s.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      scope: s.OIDC_SCOPE,
      claimNamespace: s.OIDC_CLAIM_NAMESPACE,
      accessTokenTypes: s.OIDC_ACCESS_TOKEN_TYPES.split(',').map((t) => t.trim().toLowerCase()),
      signupEnabled: s.OIDC_SIGNUP_ENABLED,
      accessTokenTtl: s.OIDC_ACCESS_TOKEN_TTL,
      sessionTtl: s.OIDC_SESSION_TTL,
    },
  };
}
