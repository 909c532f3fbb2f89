import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { serializeSignedCookie } from 'better-call';
import { eq } from 'drizzle-orm';
import { runOnce, Logger as WorkerLogger } from 'graphile-worker';
import { createApp } from '#server/app.ts';
import type { Db } from '#server/db/client.ts';
import { account, user } from '#server/db/schema/auth.ts';
import { testPaymentIntents } from '#server/db/schema/test-payments.ts';
import { createDeps } from '#server/deps.ts';
import { readEnv } from '#server/env.ts';
import { settleIntent } from '#server/features/payments/ledger.service.ts';
import { createLogger } from '#server/http/logger.ts';
import { moveStagedJobs, taskListOf } from '#server/jobs/job-queue.ts';
import { jobHandlers } from '#server/jobs/job-registry.ts';
import type { Role } from '#shared/constants.ts';
import { createTestDatabase } from './database.ts';
import { failUnlessStatus, typedClient } from './typed-client.ts';

export const testOrigin = 'http://localhost:3000';

/** An error answer of our API. */
export interface ErrorAnswer {
  error: string;
  code: string;
  field?: string;
}

/**
 * The body of an error answer (of a raw call or a typed one) of `status`; an answer of another status fails the
 * test with what the API said instead, as `jsonOf` does.
 */
export async function errorOf(
  res: { status: number; json(): Promise<unknown>; text(): Promise<string> },
  status: number,
) {
  await failUnlessStatus(res, status);
  return (await res.json()) as ErrorAnswer;
}

/** The password of a test user made `withPassword`. */
export const testPassword = 'Secret#123';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** `testPassword` for a user made `withPassword`, else empty (no password: the user cannot sign in). */
  password: string;
  /** Headers that make a request as this user (their session cookie). */
  headers: Record<string, string>;
}

/** The real app on `db` with the tests' settings, and a function to call it. */
function testServer(db: Db, dataDir: string, envOverrides: Record<string, string>) {
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_URL: testOrigin,
    // No test asks the real Open Library: a port nobody listens on, unless a test starts its fake one.
    ISBN_LOOKUP_URL: 'https://127.0.0.1:9',
    ...envOverrides,
  });
  const deps = createDeps({ env, db, log: createLogger('silent'), dataDir, secret: 'x'.repeat(32) });
  const app = createApp(deps, { imagesDir: deps.imagesDir });

  /**
   * Sends any request, as `as` when given, with a JSON body when `json` is given. Only for what the typed client
   * (`api`, `as`) cannot send: malformed or mistyped bodies, arbitrary paths, table-driven cells (hostile input,
   * the authorization matrix, limits, browser security), Better Auth's own routes, and pages.
   */
  async function call(
    method: string,
    url: string,
    options: { as?: TestUser; json?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { origin: testOrigin, ...options.as?.headers, ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    return app.request(url, { method, headers, body });
  }

  /** The typed client calling as `user` (their session; nobody's when undefined), with the origin writes need. */
  const as = (user: TestUser | undefined) => typedClient(app, { origin: testOrigin, ...user?.headers });

  /**
   * For a test that changed the database behind the app's back (factories, `t.db`), as another server would:
   * the caches check the database's versions before they answer again, as after a write through the app.
   */
  function sawWrites() {
    for (const cache of [deps.publicLists, deps.publicQueries, deps.privateAnswers, deps.sessions]) cache.noteWrite();
  }
  return { deps, app, call, api: typedClient(app, { origin: testOrigin }), as, sawWrites };
}

/** The real app on a fresh database of its own, and helpers to call it as different people. */
export async function createTestApp(envOverrides: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-app-'));
  const server = testServer(database.db, dataDir, envOverrides);
  const { deps } = server;
  let counter = 0;

  /**
   * A signed-in user (their session made as a sign-in would make it): a Buyer unless `role` says otherwise,
   * unverified unless `verified`, with a password (`testPassword`) only `withPassword`, for a test that signs in
   * with it; hashing one takes a good fraction of a second. Its address is unconfirmed unless `emailVerified`, and
   * it was made now unless `createdAt` says when (`countingReporter` in factories.ts: an account whose reports count).
   */
  async function newUser(
    role: Role = 'Buyer',
    options: {
      verified?: boolean;
      name?: string;
      withPassword?: boolean;
      emailVerified?: boolean;
      createdAt?: Date;
    } = {},
  ): Promise<TestUser> {
    counter += 1;
    const context = await deps.auth.$context;
    const email = `${role.toLowerCase()}${counter}-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const name = options.name ?? `${role} ${counter}`;
    const created = await context.internalAdapter.createUser(
      { name, email, emailVerified: false },
      { method: 'admin' },
    );
    await database.db
      .update(user)
      .set({
        role,
        verified: options.verified ?? false,
        emailVerified: options.emailVerified ?? false,
        ...(options.createdAt && { createdAt: options.createdAt }),
      })
      .where(eq(user.id, created.id));
    const password = options.withPassword ? testPassword : '';
    if (password) {
      await database.db.insert(account).values({
        id: crypto.randomUUID(),
        userId: created.id,
        accountId: created.id,
        providerId: 'credential',
        password: await hashPassword(password),
      });
    }
    const { token } = await context.internalAdapter.createSession(created.id);
    const signed = (await serializeSignedCookie('', token, context.secret)).slice(1);
    const cookie = `${context.authCookies.sessionToken.name}=${signed}`;
    return { id: created.id, email, name, role, password, headers: { cookie } };
  }

  const quiet = new WorkerLogger(() => () => {});

  /** Moves the staged jobs into the queue, as a server does every tenth of a second; answers how many. */
  async function queueStagedJobs() {
    let moved = 0;
    for (let batch = await moveStagedJobs(database.db); batch > 0; batch = await moveStagedJobs(database.db)) {
      moved += batch;
    }
    return moved;
  }

  /**
   * Runs every job that is due now with this app's handlers, as a server's job runner would, and the jobs those
   * queue, until none is left. The app's caches then know of what the jobs changed.
   */
  async function runJobs() {
    await queueStagedJobs();
    do {
      await runOnce({ pgPool: database.pool, taskList: taskListOf(jobHandlers(deps)), logger: quiet });
      // graphile-worker records a job's success or failure without waiting for it, so `runOnce` can resolve
      // while the last job is still locked; wait for the queue to be settled as a runner would leave it.
      await settled();
    } while ((await queueStagedJobs()) > 0);
    server.sawWrites();
  }

  async function settled() {
    for (let waited = 0; waited < 5000; waited += 10) {
      const { rows } = await database.pool.query('select 1 from graphile_worker.jobs where locked_at is not null');
      if (rows.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('jobs stayed locked after running them');
  }

  /**
   * Settles every charge the test processor knows, as the ledger jobs do for one left half done (the browser
   * closed or the server stopped after the card was charged), then runs the jobs that queues (refunds).
   */
  async function settleAll() {
    const intents = await database.db.select({ id: testPaymentIntents.id }).from(testPaymentIntents);
    for (const { id } of intents) await settleIntent(deps, id);
    await runJobs();
  }

  return {
    ...server,
    runJobs,
    queueStagedJobs,
    settleAll,
    db: database.db,
    pool: database.pool,
    /** The database's URL, for a second app (or server) on the same database. */
    databaseUrl: database.url,
    newUser,
    async close() {
      await deps.live.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A second app server on the same database, as another process behind the load balancer would be. */
export function secondServer(t: TestApp, maxStalenessMs: number) {
  return testServer(t.db, t.deps.env.DATA_DIR, { CACHE_MAX_STALENESS_MS: String(maxStalenessMs) });
}
