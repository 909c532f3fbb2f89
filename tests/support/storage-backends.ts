import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { startS3Server } from './s3-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The real app on one of the picture storages, and how a test reaches what that storage keeps. */
export interface StorageBackend {
  t: TestApp;
  /** Loads a picture URL as a browser would: through the app's /images route, or from the bucket. */
  load(url: string): Promise<Response>;
  /** Makes the object behind `url` look written at `when`. */
  setLastModified(url: string, when: Date): Promise<void>;
  /** The name of everything the storage's folder or bucket holds, pictures or not. */
  names(): Promise<string[]>;
  close(): Promise<void>;
}

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Each storage the app can run on, by name, each started fresh with `env` added to the app's configuration. */
export const storageBackends: Record<'local disk' | 'S3', (env?: Record<string, string>) => Promise<StorageBackend>> = {
  'local disk': async (env = {}) => {
    const t = await createTestApp(env);
    return {
      t,
      load: (url) => t.call('GET', url),
      setLastModified: (url, when) => utimes(path.join(t.deps.imagesDir!, keyOf(url)), when, when),
      names: () => readdir(t.deps.imagesDir!),
      close: () => t.close(),
    };
  },
  S3: async (env = {}) => {
    const s3 = await startS3Server();
    const t = await createTestApp({ ...s3.env, ...env });
    return {
      t,
      load: (url) => fetch(url),
      setLastModified: (url, when) => s3.setLastModified(keyOf(url), when),
      names: () => s3.keys(),
      async close() {
        await t.close();
        await s3.close();
      },
    };
  },
};
