import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { buildApp as buildS3Server } from 'fauxqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesConfig } from '../config.ts';
import { diskStore } from './disk-store.ts';
import type { FileStore } from './file-store.ts';
import { openFileStore } from './open-file-store.ts';
import { s3Store } from './s3-store.ts';

/** A store to test, and how to put it away afterwards. */
interface Opened {
  store: FileStore;
  close(): Promise<void>;
}

/** A running S3 server: the config of a store in its bucket, and how to stop it. */
interface S3Server {
  config: Extract<FilesConfig, { store: 's3' }>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server on a loopback port, with one empty bucket: fauxqs, an S3 emulator that keeps its
 * objects in memory. (s3rver cannot page a listing on Node 17 and later: its continuation tokens use DES, which
 * OpenSSL 3 refuses.)
 */
async function startS3(): Promise<S3Server> {
  const server = buildS3Server({ logger: false });
  const endpoint = await server.listen({ port: 0, host: '127.0.0.1' });
  const config = {
    store: 's3',
    endpoint,
    bucket: 'fieldbook-files',
    region: 'us-east-1',
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
  } as const;
  const client = new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  client.destroy();
  return { config, close: () => server.close() };
}

/** Every store passes the same table: what a caller of `FileStore` may rely on, whichever is configured. */
const stores: [string, () => Promise<Opened>][] = [
  [
    'on the local disk',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'fieldbook-files-'));
      return { store: diskStore(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    'in an S3 bucket',
    async () => {
      const s3 = await startS3();
      const store = s3Store(s3.config);
      return {
        store,
        async close() {
          store.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(stores)('files %s', (_name, open) => {
  let opened: Opened;
  let store: FileStore;
  beforeAll(async () => {
    opened = await open();
    store = opened.store;
  });
  afterAll(() => opened.close());

  it('keeps what was put, byte for byte, and replaces it by a later put', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02, 0xfe]);
    await store.put('tenant-a/one/original', bytes, 'image/jpeg');
    expect(await store.get('tenant-a/one/original')).toEqual(bytes);
    await store.put('tenant-a/one/original', Buffer.from('second'), 'text/plain');
    expect((await store.get('tenant-a/one/original'))?.toString()).toBe('second');
  });

  it('gives nothing for a key it does not have, and deletes quietly', async () => {
    expect(await store.get('tenant-a/none/original')).toBeUndefined();
    await store.delete('tenant-a/none/original');
    await store.put('tenant-a/two/thumbnail', Buffer.from('x'), 'image/webp');
    await store.delete('tenant-a/two/thumbnail');
    expect(await store.get('tenant-a/two/thumbnail')).toBeUndefined();
  });

  it('lists the files under a prefix with when they were written', async () => {
    const before = Date.now() - 5_000;
    await store.put('tenant-b/three/original', Buffer.from('3'), 'application/pdf');
    await store.put('tenant-b/four/original', Buffer.from('4'), 'image/png');
    await store.put('tenant-b/four/thumbnail', Buffer.from('4t'), 'image/webp');
    const listed: { key: string; written: Date }[] = [];
    for await (const file of store.list('tenant-b/')) listed.push(file);
    expect(listed.map((file) => file.key).sort()).toEqual([
      'tenant-b/four/original',
      'tenant-b/four/thumbnail',
      'tenant-b/three/original',
    ]);
    for (const file of listed) expect(file.written.getTime()).toBeGreaterThan(before);
    const all: string[] = [];
    for await (const file of store.list('')) all.push(file.key);
    expect(all).toEqual(expect.arrayContaining(['tenant-a/one/original', 'tenant-b/three/original']));
  });

  it('keeps a large file whole', async () => {
    const large = Buffer.alloc(6 * 1024 * 1024, 7);
    large[large.length - 1] = 9;
    await store.put('tenant-c/large/original', large, 'image/jpeg');
    expect((await store.get('tenant-c/large/original'))?.equals(large)).toBe(true);
  });

  it('refuses a key that could leave its place', async () => {
    for (const key of ['../escape', '/absolute', 'a/../b', 'a//b', 'a b', ''])
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Not a file key/);
  });
});

describe('an S3 store', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.close());

  it('lists page after page', async () => {
    const store = s3Store(s3.config, { pageSize: 2 });
    try {
      const keys = ['a', 'b', 'c', 'd', 'e'].map((name) => `tenant-p/${name}/original`);
      for (const key of keys) await store.put(key, Buffer.from(key), 'text/plain');
      await store.put('tenant-q/f/original', Buffer.from('f'), 'text/plain');
      const listed: string[] = [];
      for await (const file of store.list('tenant-p/')) listed.push(file.key);
      expect(listed.sort()).toEqual(keys);
    } finally {
      store.close();
    }
  });

  it('is what openFileStore opens for an s3 config', async () => {
    const store = await openFileStore(s3.config);
    try {
      expect(store.kind).toBe('s3');
      await store.put('tenant-o/one/original', Buffer.from('through openFileStore'), 'text/plain');
      expect((await store.get('tenant-o/one/original'))?.toString()).toBe('through openFileStore');
    } finally {
      store.close();
    }
    const direct = s3Store(s3.config);
    expect((await direct.get('tenant-o/one/original'))?.toString()).toBe('through openFileStore');
    direct.close();
  });

  it('fails, rather than finding nothing, when the bucket is missing', async () => {
    const store = s3Store({ ...s3.config, bucket: 'no-such-bucket' });
    try {
      await expect(store.get('tenant-a/one/original')).rejects.toThrow();
    } finally {
      store.close();
    }
  });
});

describe('openFileStore', () => {
  it('opens the disk store for a disk config', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fieldbook-files-'));
    try {
      const store = await openFileStore({ store: 'disk', dir });
      expect(store.kind).toBe('disk');
      await store.put('tenant-d/one/original', Buffer.from('on disk'), 'text/plain');
      expect((await diskStore(dir).get('tenant-d/one/original'))?.toString()).toBe('on disk');
      store.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
