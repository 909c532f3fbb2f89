import path from 'node:path';
import { createAuth } from './auth/auth.ts';
import { createSessionCache } from './auth/session-cache.ts';
import type { AppDeps } from './context.ts';
import { readChangeVersion } from './db/change-versions.ts';
import type { Db } from './db/client.ts';
import { appBaseUrl, type Env } from './env.ts';
import { createReadiness } from './features/health/readiness.ts';
import type { Logger } from './http/logger.ts';
import { createPublicListCache } from './http/public-list-cache.ts';
import { createMailer } from './mail/mailer.ts';
import { createMetrics } from './metrics/metrics.ts';
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
  const mailer = createMailer({ env, dataDir, secret });
  const auth = createAuth({ db, env, baseURL, secret });
  const maxStalenessMs = env.CACHE_MAX_STALENESS_MS;
  const readCatalog = () => readChangeVersion(db, 'catalog');
  const publicLists = createPublicListCache({ readVersion: readCatalog, maxStalenessMs });
  const publicQueries = createPublicListCache({ readVersion: readCatalog, maxStalenessMs, maxBytes: 16 * 1024 * 1024 });
  const sessions = createSessionCache({ readVersion: () => readChangeVersion(db, 'accounts'), maxStalenessMs });
  const payments = choosePaymentProvider(env, db);
  const metrics = createMetrics({ db, caches: { lists: publicLists, queries: publicQueries } });
  const readiness = createReadiness({ db, storage, log });
  return {
    env,
    db,
    log,
    auth,
    storage,
    payments,
    mailer,
    publicLists,
    publicQueries,
    sessions,
    metrics,
    readiness,
    imagesDir: storage.dir,
  };
}
