import { createAuth } from './auth/auth.ts';
import { createSessionCache } from './auth/session-cache.ts';
import type { AppDeps } from './context.ts';
import { readChangeVersion } from './db/change-versions.ts';
import type { Db } from './db/client.ts';
import { primaryReads, replicaReads } from './db/read-replica.ts';
import { appBaseUrl, type Env } from './env.ts';
import { readMessage } from './features/conversations/conversations.service.ts';
import { createLiveHub } from './features/conversations/live-hub.ts';
import { createReadiness } from './features/health/readiness.ts';
import { choosePayoutProvider } from './features/payouts/choose-payout-provider.ts';
import { createImageWork } from './features/uploads/image-work.ts';
import type { Logger } from './http/logger.ts';
import { createPrivateUrls } from './http/private-urls.ts';
import { createPublicListCache } from './http/public-list-cache.ts';
import { createMailer } from './mail/mailer.ts';
import { createMetrics } from './metrics/metrics.ts';
import { choosePaymentProvider } from './payments/choose-provider.ts';
import { chooseStorage } from './storage/choose-storage.ts';

export interface DepsOptions {
  env: Env;
  db: Db;
  /** A streaming replica of `db` (DATABASE_REPLICA_URL), for the public reads; without it they go to `db`. */
  replicaDb?: Db;
  log: Logger;
  dataDir: string;
  secret: string;
}

/**
 * Builds the services every request handler uses; the server and the tests share this wiring. `imagesDir` is the
 * folder the app serves at /images when pictures are stored on local disk.
 */
export function createDeps({
  env,
  db,
  replicaDb,
  log,
  dataDir,
  secret,
}: DepsOptions): AppDeps & { imagesDir?: string } {
  const { storage, imagesDir } = chooseStorage(env, dataDir);
  const baseURL = appBaseUrl(env);
  const mailer = createMailer({ env, dataDir, secret });
  const auth = createAuth({ db, env, baseURL, secret });
  const maxStalenessMs = env.CACHE_MAX_STALENESS_MS;
  // The catalogue's version is read on the primary, and each answer is read where that version can be seen.
  const readVersion = () => readChangeVersion(db, 'catalog');
  const { readAt } = replicaDb ? replicaReads({ primary: db, replica: replicaDb, log }) : primaryReads(db);
  const publicLists = createPublicListCache({ readVersion, readAt, maxStalenessMs });
  const publicQueries = createPublicListCache({ readVersion, readAt, maxStalenessMs, maxBytes: 16 * 1024 * 1024 });
  // One's own data is read on the primary, so nobody misses their own change.
  const privateAnswers = createPublicListCache({
    readVersion: () => readChangeVersion(db, 'catalog', 'accounts', 'orders'),
    readAt: primaryReads(db).readAt,
    maxStalenessMs,
    maxBytes: 16 * 1024 * 1024,
  });
  const sessions = createSessionCache({ readVersion: () => readChangeVersion(db, 'accounts'), maxStalenessMs });
  const payments = choosePaymentProvider(env, db);
  const payouts = choosePayoutProvider(env, db);
  const imageWork = createImageWork({ concurrency: env.IMAGE_CONCURRENCY, maxWaiting: env.IMAGE_QUEUE_LENGTH });
  const live = createLiveHub({ db, log, readMessage: (id) => readMessage(db, id) });
  const metrics = createMetrics({
    db,
    live,
    imageWork,
    caches: { lists: publicLists, queries: publicQueries, private: privateAnswers },
  });
  const readiness = createReadiness({ db, storage, log });
  return {
    env,
    db,
    log,
    auth,
    storage,
    payments,
    payouts,
    mailer,
    publicLists,
    publicQueries,
    privateAnswers,
    privateUrls: createPrivateUrls(),
    sessions,
    metrics,
    readiness,
    imageWork,
    live,
    imagesDir,
  };
}
