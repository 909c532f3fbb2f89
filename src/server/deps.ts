import path from 'node:path';
import { createAuth } from './auth/auth.ts';
import type { AppDeps } from './context.ts';
import type { Db } from './db/client.ts';
import { appBaseUrl, type Env } from './env.ts';
import type { Logger } from './http/logger.ts';
import { choosePaymentProvider } from './payments/choose-provider.ts';
import { createLocalDiskStorage } from './storage/local-disk.ts';

export interface DepsOptions {
  env: Env;
  db: Db;
  log: Logger;
  dataDir: string;
  secret: string;
}

/** Builds the services every request handler uses; the server and the tests share this wiring. */
export function createDeps({ env, db, log, dataDir, secret }: DepsOptions): AppDeps & { imagesDir: string } {
  const storage = createLocalDiskStorage(path.join(dataDir, 'images'));
  const baseURL = appBaseUrl(env);
  const auth = createAuth({ db, env, baseURL, secret });
  return { env, db, log, auth, storage, payments: choosePaymentProvider(env, db), imagesDir: storage.dir };
}
