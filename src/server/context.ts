import type { Auth } from './auth/auth.ts';
import type { SessionCache } from './auth/session-cache.ts';
import type { SessionUser } from './auth/session-user.ts';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { LiveHub } from './features/conversations/live-hub.ts';
import type { Readiness } from './features/health/readiness.ts';
import type { PayoutProvider } from './features/payouts/payout-provider.ts';
import type { ImageWork } from './features/uploads/image-work.ts';
import type { Logger } from './http/logger.ts';
import type { PrivateUrls } from './http/private-urls.ts';
import type { PublicListCache } from './http/public-list-cache.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { Storage } from './storage/storage.ts';

/** Everything a request handler may use, built once at start; every request carries it (`c.var.deps`). */
export interface AppDeps {
  env: Env;
  db: Db;
  auth: Auth;
  storage: Storage;
  payments: PaymentProvider;
  /** Pays sellers their shares (ADR 026). */
  payouts: PayoutProvider;
  log: Logger;
  /** Sends the outbox's messages (SMTP_URL, or the development mailbox). */
  mailer: Mailer;
  /** Public list answers and signed-in sessions this process remembers (ADR 007). */
  publicLists: PublicListCache;
  /**
   * Answers to public reads with no end of addresses (searches, book pages, sitemaps), in a cache of their own so
   * that a crawler or a run of searches cannot push the lists out.
   */
  publicQueries: PublicListCache;
  /**
   * Signed-in people's reads of their own data, per caller, valid while no catalogue, account or order has
   * changed (http/private-answer.ts).
   */
  privateAnswers: PublicListCache;
  /** Which of `privateAnswers` each caller's URL got, for the fast path. */
  privateUrls: PrivateUrls;
  sessions: SessionCache;
  /** This process's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Whether this server should get traffic (GET /api/ready); told when shutdown begins. */
  readiness: Readiness;
  /** This process's live streams of conversations and its one LISTEN connection (ADR 028). */
  live: LiveHub;
  /** The queue every picture's decoding and encoding takes its turn in (IMAGE_CONCURRENCY, IMAGE_QUEUE_LENGTH). */
  imageWork: ImageWork;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    /** The services, set once for every request: route guards and handlers reach them here. */
    deps: AppDeps;
    user: SessionUser | null | undefined;
  };
}
