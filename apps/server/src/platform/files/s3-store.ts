import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FilesConfig } from '../config.ts';
import { checkedKey, type FileStore } from './file-store.ts';

/** How many keys a listing asks for at once: S3's own limit unless a test asks for fewer. */
interface Options {
  pageSize?: number;
}

/**
 * Files as objects in one S3 bucket (AWS or any S3-compatible server), one object a key. S3 writes an object
 * whole, so a reader never sees half of one. Credentials come from the config when both parts are set, else from
 * the SDK's usual places (environment, profile, instance role).
 */
export function s3Store(
  config: Extract<FilesConfig, { store: 's3' }>,
  options: Options = {},
): FileStore & { close(): void } {
  const { bucket } = config;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: checkedKey(key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        const bytes = (await Body?.transformToByteArray()) ?? new Uint8Array();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix || undefined,
            ContinuationToken: token,
            MaxKeys: options.pageSize,
          }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key !== undefined && object.LastModified !== undefined)
            yield { key: object.Key, written: object.LastModified };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    close() {
      client.destroy();
    },
  };
}

/** True for "no such object": S3 names it NoSuchKey; some compatible servers answer a bare 404. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException &&
      error.$metadata.httpStatusCode === 404 &&
      error.name !== 'NoSuchBucket')
  );
}
