import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { type Storage, storageKeyPattern, storedObjectCacheControl } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Cloudflare R2 …); AWS S3 when unset. */
  endpoint?: string;
  /** Without them the SDK's default chain (environment, shared files, instance or task role) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** The public base of the URLs browsers get (a CDN, a custom domain, R2's public bucket URL). */
  publicUrl?: string;
}

/** Where browsers load the bucket's objects from: S3_PUBLIC_URL, else the bucket's own address. */
export function s3PublicBase({ bucket, region, endpoint, forcePathStyle, publicUrl }: S3StorageOptions): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const service = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`);
  const basePath = service.pathname.replace(/\/+$/, '');
  if (forcePathStyle) return `${service.origin}${basePath}/${bucket}`;
  return `${service.protocol}//${bucket}.${service.host}${basePath}`;
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2 …), loaded by browsers straight from the
 * bucket or the CDN in front of it. The bucket must let anyone read its objects (a bucket policy, R2's public
 * access); the app needs to put, read the metadata of, list and delete them.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    // Other S3-compatible services refuse some of the checksum headers newer SDKs add to every upload.
    ...(options.endpoint && {
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  });
  const base = s3PublicBase(options);
  const keyOf = (url: string) => {
    const key = url.startsWith(`${base}/`) ? url.slice(base.length + 1) : '';
    return storageKeyPattern.test(key) ? key : null;
  };
  return {
    async put(key, body, contentType) {
      if (!storageKeyPattern.test(key)) throw new Error(`not a storage key: ${key}`);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: storedObjectCacheControl,
        }),
      );
      return `${base}/${key}`;
    },
    async has(url) {
      const key = keyOf(url);
      if (!key) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async delete(url) {
      const key = keyOf(url);
      // S3 answers a deletion of a missing key as a success.
      if (key) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && storageKeyPattern.test(object.Key)) {
            yield { url: `${base}/${object.Key}`, lastModified: object.LastModified };
          }
        }
      }
    },
    async get(url) {
      const key = keyOf(url);
      if (!key) throw new Error(`not a stored picture: ${url}`);
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async checkWritable() {
      // A name `put` never makes (keys start with a letter, digit, `-` or `_`), so it cannot meet a picture.
      const probe = `.writable-${process.pid}-${crypto.randomUUID()}`;
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: probe, Body: '' }));
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: probe }));
    },
  };
}
