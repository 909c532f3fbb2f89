import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '#server/db/client.ts';
import { invariantViolations } from '../support/invariants.ts';
import { futureExpiry } from '../support/orders.ts';
import { startS3Server } from '../support/s3-server.ts';
import {
  callServer,
  freePort,
  listBookOn,
  type ServerProcess,
  signInTo,
  signUpTo,
  startServerProcess,
  stubWebRoot,
} from '../support/server-process.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import { type StreamingReplica, startStreamingReplica } from '../support/streaming-replica.ts';
import { pngPicture } from '../support/uploads.ts';

// Two app processes as behind a load balancer with no sticky sessions, each with a data folder of its own: they
// share the primary (sessions, rate limits, state), a streaming standby of it for the public reads, one S3 bucket
// for the pictures (a real S3-protocol server), AUTH_SECRET, APP_URL and the mail server.
const publicUrl = 'http://bookshelf.test';
const stalenessMs = 100;
const metricsToken = 'two-servers-metrics-token-0123456789';
const folder = mkdtempSync(path.join(tmpdir(), 'bookshelf-two-'));
let replica: StreamingReplica;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let primary: Database;
let a: ServerProcess;
let b: ServerProcess;
let inbox: SmtpInbox;

beforeAll(async () => {
  const webRoot = stubWebRoot(path.join(folder, 'web'));
  [replica, s3, inbox] = await Promise.all([startStreamingReplica(), startS3Server(), startSmtpInbox()]);
  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: replica.primaryUrl,
    DATABASE_REPLICA_URL: replica.standbyUrl,
    ...s3.env,
    WEB_ROOT: webRoot,
    APP_URL: publicUrl,
    AUTH_SECRET: 'two-servers-share-this-secret-0123456789',
    SMTP_URL: inbox.url,
    CACHE_MAX_STALENESS_MS: String(stalenessMs),
    METRICS_TOKEN: metricsToken,
  };
  const [portA, portB] = [await freePort(), await freePort()];
  // Both start at once on an empty database: one applies the migrations while the other waits for them.
  [a, b] = await Promise.all([
    startServerProcess({ ...shared, PORT: String(portA), DATA_DIR: path.join(folder, 'a') }),
    startServerProcess({ ...shared, PORT: String(portB), DATA_DIR: path.join(folder, 'b') }),
  ]);
  primary = connect(replica.primaryUrl, 2);
  // A real deployment starts with the default categories and no accounts: its first admin comes from the command.
  // Run without blocking this process: a blocked event loop misses the servers closing idle connections, and the
  // next request on one of them fails with "other side closed".
  await promisify(execFile)(
    process.execPath,
    ['src/server/cli/create-admin.ts', '--email', 'root@example.test', '--password', 'Admin#2026', '--name', 'Root'],
    { env: { ...process.env, ...shared, DATA_DIR: path.join(folder, 'cli') } },
  );
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await primary?.pool.end();
  await Promise.all([replica?.stop(), s3?.close(), inbox?.stop()]);
  rmSync(folder, { recursive: true, force: true });
});

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
};

/** The names of the books a public list of `on` answers. */
const names = async (on: ServerProcess, url: string) =>
  (await json<{ bookName: string }[]>(await callServer(on, 'GET', url))).map((book) => book.bookName);

/** Everything `on` reports at /metrics. */
async function scrape(on: ServerProcess): Promise<string> {
  const res = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one series in a scrape (0 when it is absent). */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};
const requests = (method: string, route: string, status: number) =>
  `bookshelf_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`;

describe('two servers on one primary, its standby and one bucket, requests alternating between them', {
  timeout: 60_000,
}, () => {
  it('carry a whole buyer, seller and admin flow: sessions, pictures, public reads and state', async () => {
    const seller = await signUpTo(a, 'Seller', 'two-seller');
    const buyer = await signUpTo(b, 'Buyer', 'two-buyer');
    const rival = await signUpTo(b, 'Buyer', 'two-rival');
    const admin = await signInTo(a, { email: 'root@example.test', password: 'Admin#2026', role: 'Admin' });

    // A session made on one server is good on the other.
    for (const [who, on] of [
      [seller, b],
      [buyer, a],
      [admin, b],
    ] as const) {
      expect((await json<{ email: string }>(await callServer(on, 'GET', '/api/users/me', { as: who }))).email).toBe(
        who.email,
      );
    }

    // The admin verifies the seller on B; A knows at once.
    expect(await json(await callServer(b, 'PUT', `/api/users/seller/${seller.id}`, { as: admin }))).toEqual({
      modifiedCount: 1,
    });
    expect(await json(await callServer(a, 'GET', `/api/users/verified/${seller.email}`, { as: seller }))).toEqual({
      isVerified: true,
    });

    // A photo uploaded to A goes to the bucket, which browsers load it from; B accepts it for a listing too.
    const form = new FormData();
    form.append('image', new File([new Uint8Array(await pngPicture())], 'cover.png', { type: 'image/png' }));
    const { data } = await json<{ data: { url: string; thumbnail: string } }>(
      await callServer(a, 'POST', '/api/upload', { as: seller, body: form }),
      201,
    );
    for (const url of [data.url, data.thumbnail]) {
      expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/`), url).toBe(true);
      const picture = await fetch(url);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      // The servers keep no pictures of their own to serve.
      expect((await fetch(`${b.url}/images/${url.slice(url.lastIndexOf('/') + 1)}`)).status).toBe(404);
    }
    const bookId = await listBookOn(a, seller, data.url, 'Two servers, one book');
    const otherBookId = await listBookOn(b, seller, data.url, 'Reported on A, reviewed on B');

    // Listed on A, on B's public lists, search and book page within the staleness window, read on the standby
    // once it has replayed the listing.
    await replica.caughtUp();
    await expect
      .poll(() => names(b, '/api/allbooks?limit=50'), { interval: 20, timeout: 5_000 })
      .toContain('Two servers, one book');
    expect(await names(b, '/api/books/Fiction')).toContain('Two servers, one book');
    expect(await names(b, '/api/search?q=two+servers')).toContain('Two servers, one book');
    const book = await json<{ bookName: string; image: string }>(
      await callServer(b, 'GET', `/api/books/item/${bookId}`),
    );
    expect(book).toMatchObject({ bookName: 'Two servers, one book', image: data.url });
    const page = await fetch(`${b.url}/books/${bookId}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Two servers, one book');
    // B read them through its replica connections; A, which served no public read, opened none.
    expect(seriesValue(await scrape(b), 'bookshelf_db_pool_connections{pool="replica"}')).toBeGreaterThan(0);
    expect(seriesValue(await scrape(a), 'bookshelf_db_pool_connections{pool="replica"}')).toBe(0);

    // Advertised on A, on the home page of B (within the public lists' staleness window).
    expect(await json(await callServer(a, 'PUT', `/api/books/${bookId}`, { as: seller }))).toMatchObject({
      modifiedCount: 1,
    });
    await expect
      .poll(
        async () => {
          const advertised = (await (await callServer(b, 'GET', '/api/books/addvertise')).json()) as { _id: string }[];
          return advertised.map((book) => book._id);
        },
        { timeout: 5_000 },
      )
      .toContain(bookId);

    // Booked on B; a second buyer trying on A is refused.
    const booking = { bookId, contact: '+1 555 0100', meetinglocation: 'Station' };
    const { insertedId: bookingId } = await json<{ insertedId: string }>(
      await callServer(b, 'POST', '/api/booking', { as: buyer, json: booking }),
    );
    expect((await callServer(a, 'POST', '/api/booking', { as: rival, json: booking })).status).toBe(409);

    // Paid across both: intent on B, card on A, record on A. My Orders on A shows the payment at once, though
    // A answered it an instant before; on B within the staleness window.
    const { clientSecret } = await json<{ clientSecret: string }>(
      await callServer(b, 'POST', '/api/create-payment-intent', { as: buyer, json: { bookingId } }),
    );
    const { transactionId } = await json<{ transactionId: string }>(
      await callServer(a, 'POST', '/api/payments/test/confirm', {
        as: buyer,
        json: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: futureExpiry, cvc: '123' },
      }),
    );
    const myOrders = async (on: ServerProcess) => {
      const orders = await json<{ _id: string; status: string | null }[]>(
        await callServer(on, 'GET', `/api/wishList/${buyer.email}`, { as: buyer }),
      );
      return orders.find((o) => o._id === bookingId)?.status;
    };
    expect(await myOrders(a)).toBeNull();
    await json(await callServer(a, 'POST', '/api/payments', { as: buyer, json: { bookingId, transactionId } }));
    expect(await myOrders(a)).toBe('Paid');
    await expect.poll(() => myOrders(b), { interval: 20, timeout: 5_000 }).toBe('Paid');
    const listings = await json<{ _id: string; status: string }[]>(
      await callServer(b, 'GET', `/api/books?email=${seller.email}`, { as: seller }),
    );
    expect(listings.find((book) => book._id === bookId)?.status).toBe('Sold');
    await expect
      .poll(() => names(b, '/api/allbooks?limit=50'), { interval: 20, timeout: 5_000 })
      .not.toContain('Two servers, one book');

    // Reported on A, reviewed on B, dismissed on A.
    await json(await callServer(a, 'PUT', `/api/books/report/${otherBookId}`, { as: buyer, json: { reason: 'Odd' } }));
    const reported = await json<{ _id: string }[]>(await callServer(b, 'GET', '/api/reportItems', { as: admin }));
    expect(reported.map((book) => book._id)).toContain(otherBookId);
    await json(await callServer(a, 'DELETE', `/api/reportItems/${otherBookId}`, { as: admin }));

    // Signing out on A ends the session on B too.
    expect((await callServer(a, 'POST', '/api/auth/sign-out', { as: rival, json: {} })).status).toBe(200);
    expect((await callServer(b, 'GET', '/api/users/me', { as: rival })).status).toBe(401);

    // Each server counts the requests it answered, by route pattern.
    const [onA, onB] = await Promise.all([scrape(a), scrape(b)]);
    for (const [text, method, route, status, count] of [
      [onA, 'POST', '/api/upload', 201, 1],
      [onA, 'POST', '/api/books', 201, 1],
      [onB, 'POST', '/api/books', 201, 1],
      [onA, 'PUT', '/api/books/:id', 200, 1],
      [onB, 'POST', '/api/booking', 200, 1],
      [onA, 'POST', '/api/booking', 409, 1],
      [onB, 'POST', '/api/create-payment-intent', 200, 1],
      [onA, 'POST', '/api/payments/test/confirm', 200, 1],
      [onA, 'POST', '/api/payments', 200, 1],
      [onA, 'GET', '/api/wishList/:email', 200, 2],
      [onB, 'GET', '/api/books/item/:id', 200, 1],
      [onB, 'GET', '/api/search', 200, 1],
      [onB, 'GET', '/api/reportItems', 200, 1],
      [onB, 'GET', '/api/users/me', 401, 1],
    ] as const) {
      expect(seriesValue(text, requests(method, route, status)), `${method} ${route} ${status}`).toBe(count);
    }
    // The polled ones, at least as often as the flow read them.
    expect(seriesValue(onB, requests('GET', '/api/allbooks', 200))).toBeGreaterThanOrEqual(2);
    expect(seriesValue(onB, requests('GET', '/api/wishList/:email', 200))).toBeGreaterThanOrEqual(1);
    expect(seriesValue(onA, requests('GET', '/api/allbooks', 200))).toBe(0);
    for (const text of [onA, onB]) {
      expect(seriesValue(text, 'bookshelf_db_pool_connections{pool="primary"}')).toBeGreaterThan(0);
    }

    expect(await invariantViolations(primary.db)).toEqual([]);
  });

  it('count failed sign-ins together: the limit reached on one server holds on the other', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8 && !statuses.includes(429); i++) {
      const on = i % 2 === 0 ? a : b;
      const res = await callServer(on, 'POST', '/api/auth/sign-in/email', {
        json: { email: 'root@example.test', password: 'Wrong#2026' },
      });
      statuses.push(res.status);
    }
    // Five sign-ins a minute from one address, whichever server they reach.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(6);
    for (const on of [a, b]) {
      const res = await callServer(on, 'POST', '/api/auth/sign-in/email', {
        json: { email: 'root@example.test', password: 'Admin#2026' },
      });
      expect(res.status).toBe(429);
    }
  });
});
