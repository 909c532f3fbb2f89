import { mkdtempSync, rmSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { paginateListObjectsV2, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1 with one empty bucket. `env` points the app's S3 storage at it;
 * anyone may read its objects, as the store's bucket must allow.
 */
export async function startS3Server() {
  const directory = mkdtempSync(path.join(tmpdir(), 'bookshelf-s3-'));
  const bucket = 'bookshelf-pictures';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    /** Every key the bucket holds, whatever its name (read through the S3 protocol, as another client would). */
    async keys() {
      const client = new S3Client({
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) keys.push(object.Key!);
      }
      client.destroy();
      return keys;
    },
    /** Makes the object of `key` look written at `when` (s3rver answers its file's mtime as Last-Modified). */
    async setLastModified(key: string, when: Date) {
      await utimes(path.join(directory, bucket, `${key}._S3rver_object`), when, when);
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
