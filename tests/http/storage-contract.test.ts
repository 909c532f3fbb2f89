import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '#server/env.ts';
import { chooseStorage } from '#server/storage/choose-storage.ts';
import { s3PublicBase } from '#server/storage/s3.ts';
import type { Storage, StoredObject } from '#server/storage/storage.ts';
import { startS3Server } from '../support/s3-server.ts';
import { type StorageBackend, storageBackends } from '../support/storage-backends.ts';
import { createTestApp } from '../support/test-app.ts';

const yearImmutable = 'public, max-age=31536000, immutable';

async function listed(storage: Storage): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  for await (const object of storage.list()) objects.push(object);
  return objects;
}

// One contract, every storage: what the uploads, the book and profile checks and the picture cleanup rely on.
describe.each(Object.keys(storageBackends) as (keyof typeof storageBackends)[])('the %s storage', (name) => {
  let backend: StorageBackend;
  let storage: Storage;
  beforeAll(async () => {
    backend = await storageBackends[name]();
    storage = backend.t.deps.storage;
  });
  afterAll(() => backend.close());

  const key = () => `${crypto.randomUUID()}.webp`;

  it('stores bytes under a key and serves them at the URL it answers, typed and cached for a year', async () => {
    const body = Buffer.from('RIFF fake webp bytes');
    const url = await storage.put(key(), body, 'image/webp');
    const res = await backend.load(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(yearImmutable);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);

    const png = await storage.put(`${crypto.randomUUID()}.png`, Buffer.from('png'), 'image/png');
    expect((await backend.load(png)).headers.get('content-type')).toBe('image/png');
  });

  it('says whether a URL it answered still has its object, and no for any other address', async () => {
    const url = await storage.put(key(), Buffer.from('x'), 'image/webp');
    expect(await storage.has(url)).toBe(true);
    const missing = url.replace(/[^/]+$/, key());
    const others = [missing, 'https://example.com/a.webp', '', `${url}/..`, url.replace(/[^/]+$/, '..%2Fx')];
    for (const other of others) expect(await storage.has(other)).toBe(false);
  });

  it('lists every object by its URL with when it was written', async () => {
    const before = Date.now() - 2000;
    const urls = [await storage.put(key(), Buffer.from('a'), 'image/webp')];
    urls.push(await storage.put(key(), Buffer.from('b'), 'image/webp'));
    const objects = await listed(storage);
    for (const url of urls) {
      const object = objects.find((o) => o.url === url);
      expect(object?.lastModified.getTime()).toBeGreaterThanOrEqual(before);
      expect(object?.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    }
  });

  it('deletes an object, which is then gone everywhere; deleting it again or another address changes nothing', async () => {
    const kept = await storage.put(key(), Buffer.from('kept'), 'image/webp');
    const url = await storage.put(key(), Buffer.from('gone'), 'image/webp');
    await storage.delete(url);
    expect(await storage.has(url)).toBe(false);
    expect((await backend.load(url)).status).toBe(404);
    expect((await listed(storage)).map((o) => o.url)).not.toContain(url);

    await storage.delete(url);
    await storage.delete('https://example.com/a.webp');
    await storage.delete(kept.replace(/[^/]+$/, '..'));
    expect(await storage.has(kept)).toBe(true);
  });

  it('reads back the bytes behind a URL it answered', async () => {
    const body = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const url = await storage.put(key(), body, 'image/webp');
    expect(await storage.get(url)).toEqual(body);
    await expect(storage.get('https://example.com/a.webp')).rejects.toThrow(/not a stored picture/);
  });

  it('checks that it can write, leaving nothing behind in its folder or bucket, nor in its list', async () => {
    const url = await storage.put(key(), Buffer.from('there before'), 'image/webp');
    const [names, objects] = [await backend.names(), await listed(storage)];
    expect(objects.map((o) => o.url)).toContain(url);

    await storage.checkWritable();
    expect((await backend.names()).sort()).toEqual(names.sort());
    expect(await listed(storage)).toEqual(objects);
  });
});

describe('the S3 storage configuration', () => {
  const base = { bucket: 'pics', region: 'eu-west-1', forcePathStyle: false };

  it('answers URLs on S3_PUBLIC_URL, or the bucket’s own address in the style the service wants', async () => {
    expect(s3PublicBase(base)).toBe('https://pics.s3.eu-west-1.amazonaws.com');
    expect(s3PublicBase({ ...base, forcePathStyle: true })).toBe('https://s3.eu-west-1.amazonaws.com/pics');
    expect(s3PublicBase({ ...base, endpoint: 'http://minio:9000', forcePathStyle: true })).toBe(
      'http://minio:9000/pics',
    );
    expect(s3PublicBase({ ...base, endpoint: 'https://acct.r2.cloudflarestorage.com' })).toBe(
      'https://pics.acct.r2.cloudflarestorage.com',
    );
    expect(s3PublicBase({ ...base, publicUrl: 'https://cdn.example.com/pictures/' })).toBe(
      'https://cdn.example.com/pictures',
    );
  });

  it('serves from S3_PUBLIC_URL when set, and knows its own URLs by it', async () => {
    const s3 = await startS3Server();
    try {
      // A CDN in front of the bucket would answer at its own address; here the public base is the bucket's.
      const publicUrl = `${s3.endpoint}/${s3.bucket}/`;
      const { storage, imagesDir } = chooseStorage(
        readEnv({ NODE_ENV: 'test', ...s3.env, S3_PUBLIC_URL: publicUrl }),
        '',
      );
      expect(imagesDir).toBeUndefined();
      const url = await storage.put('public.webp', Buffer.from('p'), 'image/webp');
      expect(url).toBe(`${publicUrl}public.webp`);
      expect((await fetch(url)).status).toBe(200);
      expect(await storage.has(url)).toBe(true);
      expect(await storage.has('https://elsewhere.example/public.webp')).toBe(false);
    } finally {
      await s3.close();
    }
  });

  it('fails the write check, naming why, when the bucket does not exist', async () => {
    const s3 = await startS3Server();
    try {
      const { storage } = chooseStorage(readEnv({ NODE_ENV: 'test', ...s3.env, S3_BUCKET: 'no-such-bucket' }), '');
      await expect(storage.checkWritable()).rejects.toThrow(/bucket does not exist/);
      // The store's own bucket takes writes.
      await chooseStorage(readEnv({ NODE_ENV: 'test', ...s3.env }), '').storage.checkWritable();
      expect(await s3.keys()).toEqual([]);
    } finally {
      await s3.close();
    }
  });

  it('lets pages load pictures from a bucket on plain http (a MinIO on a developer’s machine)', async () => {
    const t = await createTestApp({
      S3_BUCKET: 'pics',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      const res = await t.call('GET', '/', { headers: { accept: 'text/html' } });
      expect(res.headers.get('content-security-policy')).toMatch(
        /img-src 'self' data: blob: https: http:\/\/127\.0\.0\.1:9000;/,
      );
      // The app serves no /images of its own then.
      expect((await t.call('GET', '/images/a.webp')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('stops the start naming a wrong setting', () => {
    const start = (env: Record<string, string>) => () => chooseStorage(readEnv({ NODE_ENV: 'test', ...env }), '/tmp');
    expect(() => readEnv({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => readEnv({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: /);
    expect(() => readEnv({ S3_PUBLIC_URL: 'ftp://cdn.example.com' })).toThrow(/S3_PUBLIC_URL: must be an http/);
    expect(() => readEnv({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE: must be 'true' or 'false'/);
    expect(() => readEnv({ ORPHAN_PICTURE_AGE: '1 day' })).toThrow(/ORPHAN_PICTURE_AGE: must be a number and a unit/);
    expect(start({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT: needs S3_BUCKET/);
    expect(start({ S3_BUCKET: 'pics', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set/,
    );
    expect(start({ S3_BUCKET: 'pics' })).not.toThrow();
  });
});
