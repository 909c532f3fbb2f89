import path from 'node:path';
import type { Env } from '#server/env.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

const s3Settings = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;

/**
 * The S3-compatible bucket S3_BUCKET names, or files under DATA_DIR/images served by the app (`imagesDir`).
 * A setting that cannot work stops the start with a message naming it: an S3_* setting without S3_BUCKET, or
 * one of the two keys without the other.
 */
export function chooseStorage(env: Env, dataDir: string): { storage: Storage; imagesDir?: string } {
  const problems: string[] = [];
  if (!env.S3_BUCKET) {
    for (const name of s3Settings.filter((name) => env[name] !== undefined)) {
      problems.push(`  ${name}: needs S3_BUCKET (pictures are stored on local disk without it)`);
    }
  } else if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    const other = env.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    problems.push(`  ${missing}: required when ${other} is set (or set neither, for the SDK's default credentials)`);
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);

  if (!env.S3_BUCKET) {
    const local = createLocalDiskStorage(path.join(dataDir, 'images'));
    return { storage: local, imagesDir: local.dir };
  }
  const storage = createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    publicUrl: env.S3_PUBLIC_URL,
  });
  return { storage };
}
