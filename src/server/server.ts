import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import type { AppDeps } from './context.ts';
import { embeddedIsFresh } from './db/embedded.ts';
import { openDatabase } from './db/open.ts';
import { ensureDefaultCategories } from './db/seed/default-categories.ts';
import { drawDemoCovers, seedDemoData } from './db/seed/seed.ts';
import { createDeps } from './deps.ts';
import type { Env } from './env.ts';
import { createPageAnswers } from './features/seo/page-answers.ts';
import { createFastPath } from './http/fast-path.ts';
import { closeServer, keepConnectionsForProxies } from './http/keep-alive.ts';
import { createLogger } from './http/logger.ts';
import { isLoopbackAddress } from './http/loopback.ts';
import { startJobRunner } from './jobs/job-queue.ts';
import { jobCrontab, jobHandlers, queueJobsAtStart } from './jobs/job-registry.ts';
import { checkMailConfig, listenHost, servesDevMailbox } from './mail/mailer.ts';
import { chooseStorage } from './storage/choose-storage.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Opens the database (seeding a fresh embedded one), builds the app and listens on PORT. */
export async function startServer(env: Env): Promise<RunningServer> {
  const log = createLogger(env.LOG_LEVEL);
  checkMailConfig(env);
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  // A fresh embedded database gets the demo catalogue: its covers are drawn while PostgreSQL initialises and migrates.
  const freshDemo = !env.DATABASE_URL && env.NODE_ENV !== 'production' && embeddedIsFresh(dataDir);
  const demoCovers = freshDemo ? drawDemoCovers(chooseStorage(env, dataDir).storage) : undefined;
  demoCovers?.catch(() => {}); // awaited by the seed, which reports a failure
  const database = await openDatabase(env, log);
  const deps = createDeps({
    env,
    db: database.db,
    replicaDb: database.replica?.db,
    log,
    dataDir,
    secret: authSecret(env, dataDir),
  });

  if (await ensureDefaultCategories(deps.db)) log.info('created the default book categories');
  if (
    database.embedded &&
    env.NODE_ENV !== 'production' &&
    (await seedDemoData(deps.db, deps.storage, deps.payouts.name, demoCovers))
  ) {
    log.info('seeded the demo catalogue and accounts');
  }

  const jobs = await startJobRunner({
    pool: database.pool,
    db: deps.db,
    handlers: jobHandlers(deps),
    crontab: jobCrontab(),
    log,
  });
  await queueJobsAtStart(deps.db);

  deps.metrics.watchPool('primary', database.pool);
  if (database.replica) deps.metrics.watchPool('replica', database.replica.pool);
  const server = createServer(requestListener(deps));
  keepConnectionsForProxies(server);
  await new Promise<void>((resolve) => server.listen(env.PORT, listenHost(env), resolve));
  const { port, address: host } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  const mail = whereMailGoes(env, deps.mailer.mailboxDir, url) ?? `SMTP_URL ${deps.mailer.transport.description}`;
  if (deps.mailer.mailboxDir && servesDevMailbox(env) && !isLoopbackAddress(host)) {
    log.warn('the development mailbox is exposed: the server listens beyond loopback (HOST) with DEV_MAILBOX=on', {
      host,
      mailbox: 'answers callers on this machine alone; its messages hold sign-in links',
    });
  }
  log.info('listening', {
    url,
    host,
    database: database.embedded ? 'embedded' : 'DATABASE_URL',
    replica: database.replica ? 'DATABASE_REPLICA_URL' : 'none',
    mail,
  });

  return {
    url,
    async close() {
      // Not ready from now on: a load balancer probing /api/ready stops sending new requests meanwhile.
      deps.readiness.beginShutdown();
      const drainSeconds = env.SHUTDOWN_DRAIN_SECONDS ?? (env.NODE_ENV === 'production' ? 10 : 0);
      if (drainSeconds > 0) {
        log.info('draining before the stop', { seconds: drainSeconds });
        await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
      }
      // Live streams never end by themselves: end them, or the server would wait for them forever.
      await deps.live.close();
      await closeServer(server);
      await jobs.stop();
      deps.mailer.transport.close();
      await database.close();
    },
  };
}

/** What node:http calls for each request: the fast path for what memory holds, or else the app. */
export function requestListener(deps: AppDeps & { imagesDir?: string }): RequestListener {
  const pages = createPageAnswers(deps);
  const app = createApp(deps, { imagesDir: deps.imagesDir, pages });
  const fastPath = createFastPath(deps, pages.peek);
  const appListener = getRequestListener(app.fetch);
  return (req, res) => {
    if (!fastPath(req, res)) void appListener(req, res);
  };
}

/** Where the development mailbox's mail is (and its page, when served); undefined when mail goes to SMTP_URL. */
function whereMailGoes(env: Env, mailboxDir: string | undefined, url: string): string | undefined {
  if (!mailboxDir) return undefined;
  if (servesDevMailbox(env)) return `development mailbox: open ${url}/dev/mailbox (files in ${mailboxDir})`;
  const why = env.DEV_MAILBOX === 'off' ? 'DEV_MAILBOX=off' : 'HOST reaches beyond loopback; DEV_MAILBOX=on serves it';
  return `development mailbox: files in ${mailboxDir} (no page: ${why})`;
}

/** AUTH_SECRET, or outside production a random one kept in the data folder so sessions survive restarts. */
function authSecret(env: Env, dataDir: string): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === 'production') throw new Error('Invalid configuration:\n  AUTH_SECRET: required in production');
  const file = path.join(dataDir, 'auth-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
