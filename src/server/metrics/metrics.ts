import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '#server/db/client.ts';
import type { LiveHub } from '#server/features/conversations/live-hub.ts';
import type { ImageWork } from '#server/features/uploads/image-work.ts';
import type { PublicListCache } from '#server/http/public-list-cache.ts';
import { countUnsentMail } from '#server/mail/outbox-sender.ts';
import { readJobQueueCounts } from './job-queue-counts.ts';
import { registerRequestHistogram } from './request-histogram.ts';

export type Metrics = ReturnType<typeof createMetrics>;

export interface MetricsSources {
  db: Db;
  /** The caches whose hits and misses are counted, by the name the `cache` label takes. */
  caches: Record<string, PublicListCache>;
  /** The queue of picture work, whose running, waiting and refused pictures are reported. */
  imageWork: ImageWork;
  /** The live streams of conversations: how many are open, and how long messages took to reach them. */
  live?: Pick<LiveHub, 'stats' | 'takeDeliveryTimes'>;
}

/**
 * This process's metrics in a registry of its own, in Prometheus' text format at GET /metrics (metrics.routes.ts).
 * A request costs one histogram observation (request-histogram.ts); everything else (pools, caches, the job queue) is
 * read when scraped.
 */
export function createMetrics({ db, caches, imageWork, live }: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const observeRequest = registerRequestHistogram(registry, {
    name: 'bookshelf_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long they took (its _count is the request count)',
    // The cached lists answer in tens of microseconds, pages and writes in milliseconds.
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

  const pools = new Map<string, pg.Pool>();
  const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [registry],
      collect() {
        for (const [label, pool] of pools) this.set({ pool: label }, read(pool));
      },
    });
  poolGauge('bookshelf_db_pool_connections', 'Connections the database pool holds', (pool) => pool.totalCount);
  poolGauge('bookshelf_db_pool_idle', 'Connections of the pool not in use', (pool) => pool.idleCount);
  poolGauge('bookshelf_db_pool_waiting', 'Queries waiting for a connection of the pool', (pool) => pool.waitingCount);

  new Counter({
    name: 'bookshelf_cache_lookups_total',
    help: 'Answers asked of the in-process caches: hit (sent from memory) or miss (built from the database)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, lists] of Object.entries(caches)) {
        const { hits, misses } = lists.lookups();
        this.inc({ cache, result: 'hit' }, hits);
        this.inc({ cache, result: 'miss' }, misses);
      }
    },
  });
  new Gauge({
    name: 'bookshelf_cache_bytes',
    help: 'Bytes of answers the in-process caches keep',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const [cache, lists] of Object.entries(caches)) this.set({ cache }, lists.size().bytes);
    },
  });

  new Gauge({
    name: 'bookshelf_jobs',
    help:
      'Jobs in the queue by task and state: scheduled (waiting for their time), due (waiting for a runner), running, ' +
      'retrying (the last attempt failed; tried again), failed (the last allowed attempt failed; kept with its error)',
    labelNames: ['task', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // A scrape while the database is away still answers the process's other metrics.
      for (const { task, state, jobs } of await readJobQueueCounts(db).catch(() => [])) this.set({ task, state }, jobs);
    },
  });

  new Gauge({
    name: 'bookshelf_mail_unsent',
    help:
      'Messages of the mail outbox not sent yet: waiting (for a sender, or for their retry after a failed attempt) ' +
      'or failed (out of attempts; README, "Mail")',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const counts = await countUnsentMail(db).catch(() => undefined);
      if (!counts) return;
      this.set({ state: 'waiting' }, counts.waiting);
      this.set({ state: 'failed' }, counts.failed);
    },
  });
  new Gauge({
    name: 'bookshelf_image_work',
    help: 'Pictures (uploads, covers taken) being decoded and encoded (running) or waiting for their turn (waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { running, waiting } = imageWork.stats();
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  new Counter({
    name: 'bookshelf_image_work_refused_total',
    help: 'Pictures answered 503 because the queue of picture work was full (IMAGE_QUEUE_LENGTH)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(imageWork.stats().refused);
    },
  });

  const mailSent = new Counter({
    name: 'bookshelf_mail_sent_total',
    help: 'Messages of the mail outbox this process handed to the mail server',
    registers: [registry],
  });
  const mailFailed = new Counter({
    name: 'bookshelf_mail_failed_total',
    help: 'Attempts to send a message of the outbox that the mail server refused or did not answer (retried later)',
    registers: [registry],
  });

  const messagesSent = new Counter({
    name: 'bookshelf_messages_sent_total',
    help: 'Messages of conversations sent through this process',
    registers: [registry],
  });
  if (live) {
    new Gauge({
      name: 'bookshelf_live_streams',
      help: 'Live streams of conversations (server-sent events) open on this process',
      registers: [registry],
      collect() {
        this.set(live.stats().streams);
      },
    });
    // Read with the gauge's scrape: each scrape takes the delivery times measured since the one before.
    const delivery = new Histogram({
      name: 'bookshelf_live_delivery_seconds',
      help: "From a message's commit time to its hand-over to this process's streams (through LISTEN/NOTIFY)",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
      collect() {
        for (const ms of live.takeDeliveryTimes()) this.observe(ms / 1000);
      },
    });
    void delivery;
  }

  return {
    registry,
    /** One message sent through this process. */
    messageSent: () => messagesSent.inc(),
    /** One answered request; `route` is the pattern it matched (bounded), never the URL. */
    observeRequest,
    /** Reports a pg Pool's connections under `name` (the `pool` label). */
    watchPool(name: string, pool: pg.Pool) {
      pools.set(name, pool);
    },
    mailSent: (messages: number) => mailSent.inc(messages),
    mailFailed: (attempts: number) => mailFailed.inc(attempts),
  };
}
