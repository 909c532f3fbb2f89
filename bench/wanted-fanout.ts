/**
 * The wanted-book alert fan-out (ADR 019), on its own: `node bench/wanted-fanout.ts`. A fresh embedded PostgreSQL,
 * WANTED_ENTRIES people whose Wanted list matches one listing (half by its ISBN, half by a saved search, with as
 * many entries beside them that do not match), and a real SMTP server (`smtp-server`) on 127.0.0.1. It lists the
 * book with the app's own `addBook`, times the `alert-wanted` job's transaction (the notifications, the outbox
 * rows and their send jobs), then runs the job queue as a server does and times until every message has arrived,
 * checking that each person got exactly one. Last, the cost of the bell's unread-count call, through the app.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serializeSignedCookie } from 'better-call';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createApp } from '#server/app.ts';
import { connect } from '#server/db/client.ts';
import { createDeps } from '#server/deps.ts';
import { readEnv } from '#server/env.ts';
import { addBook } from '#server/features/books/books.service.ts';
import { storeImage } from '#server/features/uploads/stored-image.ts';
import { recordUpload } from '#server/features/uploads/uploaded-pictures.ts';
import { alertWanted } from '#server/features/wanted/wanted-alerts.service.ts';
import { createLogger } from '#server/http/logger.ts';
import { startJobRunner } from '#server/jobs/job-queue.ts';
import { jobCrontab, jobHandlers } from '#server/jobs/job-registry.ts';
import { openEmbeddedDatabase } from './database.ts';

const people = Number(process.env.WANTED_ENTRIES ?? 10_000);
const isbn = '9780306406157';
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function startInbox() {
  const received = new Map<string, number>();
  let total = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on('end', () => {
        for (const { address } of session.envelope.rcptTo) received.set(address, (received.get(address) ?? 0) + 1);
        total += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, received, total: () => total, stop: () => server.close() };
}

async function seed(pool: import('pg').Pool) {
  await pool.query(`insert into categories (name) values ('Fiction')`);
  await pool.query(`insert into "user" (id, name, email, email_verified, role, verified)
    values ('fanout-seller', 'Fan-out Seller', 'seller@fanout.test', true, 'Seller', true)`);
  await pool.query(
    `insert into "user" (id, name, email, email_verified, role)
     select 'fanout-' || i, 'Reader ' || i, 'reader' || i || '@fanout.test', true, 'Buyer' from generate_series(1, $1) i`,
    [people],
  );
  // Half want the ISBN, half saved a search that finds it; each also waits for something this book is not.
  await pool.query(
    `insert into wanted (user_id, isbn, query, max_price_cents)
     select 'fanout-' || i,
            case when i % 2 = 0 then $2 end,
            case when i % 2 = 1 then 'lantern keeper' end,
            case when i % 2 = 1 then 2000 end
     from generate_series(1, $1) i
     union all
     select 'fanout-' || i, null, 'unrelated title ' || i, null from generate_series(1, $1) i`,
    [people, isbn],
  );
  // The seller waits for it too, and is never told.
  await pool.query(`insert into wanted (user_id, isbn) values ('fanout-seller', $1)`, [isbn]);
  await pool.query('vacuum analyze');
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-fanout-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user and must reach its data folder
  const database = await openEmbeddedDatabase(path.join(dir, 'pg'));
  const inbox = await startInbox();
  const { db, pool } = connect(database.url, 10);
  let runner: { stop(): Promise<void> } | undefined;
  try {
    await seed(pool);
    const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, SMTP_URL: inbox.url });
    const deps = createDeps({ env, db, log: createLogger('silent'), dataDir: dir, secret: 'x'.repeat(32) });
    const sharp = (await import('sharp')).default;
    const cover = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#555' } })
      .png()
      .toBuffer();
    const image = await storeImage(deps, cover);
    const seller = {
      id: 'fanout-seller',
      email: 'seller@fanout.test',
      name: 'Fan-out Seller',
      image: null,
      role: 'Seller' as const,
      capabilities: ['Seller' as const],
      verified: true,
    };
    await recordUpload(db, seller.id, image.url);
    const listing = { storage: deps.storage, currency: 'USD', listingLimit: env.LISTING_LIMIT };
    const book = await addBook(db, listing, seller, {
      bookName: 'The Lantern Keeper',
      author: 'A. Writer',
      isbn,
      originalPrice: 20,
      resalePrice: 12.5,
      condition: 'Good',
      booksCategory: 'Fiction',
      image: image.url,
      photos: [],
      phone: '+1 415 555 0100',
      location: 'Town',
      description: 'A lighthouse story.',
      purchaseYear: '2022-02-02',
      publisher: null,
      publicationYear: null,
      defects: [],
    } as Parameters<typeof addBook>[3]);

    // The job's work, timed on its own: matching, 10,000 notifications, 10,000 outbox rows and their send jobs.
    let started = performance.now();
    const told = await alertWanted({ db, currency: 'USD', mailDailyLimit: env.WANTED_MAIL_DAILY_LIMIT }, book._id);
    const alertMs = performance.now() - started;

    // The queue as a server runs it: the staged alert-wanted job (which now tells nobody) and the 10,000 sends.
    started = performance.now();
    runner = await startJobRunner({
      pool,
      db,
      handlers: jobHandlers(deps),
      crontab: jobCrontab(),
      log: createLogger('silent'),
    });
    while (inbox.total() < told) await new Promise((resolve) => setTimeout(resolve, 50));
    const sendMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 3000)); // anything sent twice would arrive meanwhile
    const counts = [...inbox.received.values()];
    const { rows } = await pool.query<{ n: number; unsent: number; jobs: number }>(`select
      (select count(*)::int from notifications) as n,
      (select count(*)::int from mail_outbox where sent_at is null) as unsent,
      (select count(*)::int from graphile_worker.jobs) as jobs`);

    // The bell: GET /api/notifications/unread-count through the app, answered from memory per caller (ADR 012).
    const context = await deps.auth.$context;
    const { token } = await context.internalAdapter.createSession('fanout-1');
    const cookie = `${context.authCookies.sessionToken.name}=${(await serializeSignedCookie('', token, context.secret)).slice(1)}`;
    const app = createApp(deps, { imagesDir: deps.imagesDir });
    const perCall = async (url: string, calls: number) => {
      await (await app.request(url, { headers: { cookie } })).text();
      const begun = performance.now();
      for (let i = 0; i < calls; i++) await (await app.request(url, { headers: { cookie } })).text();
      return ((performance.now() - begun) / calls) * 1000;
    };
    // Beside it, /api/users/me: a signed-in read the navbar already makes, answered from memory the same way.
    const unreadUs = await perCall('/api/notifications/unread-count', 2000);
    const meUs = await perCall('/api/users/me', 2000);
    started = performance.now();
    for (let i = 0; i < 200; i++) {
      await db.execute(sql`select count(*) from notifications where user_id = 'fanout-1' and read_at is null`);
    }
    const queryUs = ((performance.now() - started) / 200) * 1000;

    console.log(
      `wanted-alert fan-out, ${people.toLocaleString('en-US')} matching entries (PostgreSQL ${database.version})`,
    );
    console.log(
      `  people told: ${told}; notifications: ${rows[0]!.n}; the seller told: ${inbox.received.has('seller@fanout.test')}`,
    );
    console.log(
      `  alert-wanted job (match + notifications + outbox + send jobs, one transaction): ${seconds(alertMs)}`,
    );
    console.log(
      `  ${told} mails delivered to the SMTP server by the job queue: ${seconds(sendMs)} (${Math.round(told / (sendMs / 1000))}/s)`,
    );
    console.log(
      `  recipients: ${counts.length}, each exactly once: ${counts.every((n) => n === 1)}; unsent rows: ${rows[0]!.unsent}; jobs left: ${rows[0]!.jobs}`,
    );
    console.log(
      `  unread-count: ${unreadUs.toFixed(0)} µs a call (from memory), /api/users/me ${meUs.toFixed(0)} µs; the count query alone ${queryUs.toFixed(0)} µs`,
    );
  } finally {
    await runner?.stop();
    await pool.end();
    inbox.stop();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
