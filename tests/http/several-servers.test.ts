import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { expectConsistent } from '../support/invariants.ts';
import { futureExpiry } from '../support/orders.ts';
import {
  callServer,
  freePort,
  type ServerProcess,
  signInTo,
  signUpTo,
  startServerProcess,
} from '../support/server-process.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import type { TestUser } from '../support/test-app.ts';
import { pngPicture } from '../support/uploads.ts';

// Two app processes on one PostgreSQL, as behind a load balancer with no sticky sessions: they share the
// database (sessions, rate limits, state), AUTH_SECRET, APP_URL, and the DATA_DIR whose images/ folder holds
// the uploaded pictures (the local-disk storage needs that folder shared).
const publicUrl = 'http://bookshelf.test';
const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-two-'));
let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
let inbox: SmtpInbox;

beforeAll(async () => {
  database = await createTestDatabase();
  inbox = await startSmtpInbox();
  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    APP_URL: publicUrl,
    AUTH_SECRET: 'two-servers-share-this-secret-0123456789',
    SMTP_URL: inbox.url,
  };
  const [portA, portB] = [await freePort(), await freePort()];
  [a, b] = await Promise.all([
    startServerProcess({ ...shared, PORT: String(portA) }),
    startServerProcess({ ...shared, PORT: String(portB) }),
  ]);
  // A real deployment starts with the default categories and no accounts: its first admin comes from the command.
  execFileSync(
    process.execPath,
    ['src/server/cli/create-admin.ts', '--email', 'root@example.test', '--password', 'Admin#2026', '--name', 'Root'],
    {
      env: { ...process.env, ...shared },
      stdio: 'ignore',
    },
  );
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  await inbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
};

async function listBook(on: ServerProcess, seller: TestUser, image: string, bookName: string) {
  const res = await callServer(on, 'POST', '/api/books', {
    as: seller,
    json: {
      bookName,
      originalPrice: 30,
      resalePrice: 12.5,
      condition: 'Good',
      booksCategory: 'Fiction',
      image,
      phone: '+1 415 555 0199',
      location: 'Two Towns',
      description: 'Listed on one server, sold on the other.',
      purchaseYear: '2021-03-04',
    },
  });
  return (await json<{ insertedId: string }>(res, 201)).insertedId;
}

describe('two servers on one database, requests alternating between them', { timeout: 60_000 }, () => {
  it('carry a whole buyer, seller and admin flow: sessions, uploads and state', async () => {
    const seller = await signUpTo(a, 'Seller', 'two-seller');
    const buyer = await signUpTo(b, 'Buyer', 'two-buyer');
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

    // A photo uploaded to A is served by B, and B accepts it for a listing.
    const form = new FormData();
    form.append('image', new File([new Uint8Array(await pngPicture())], 'cover.png', { type: 'image/png' }));
    const { data } = await json<{ data: { url: string; thumbnail: string } }>(
      await callServer(a, 'POST', '/api/upload', { as: seller, body: form }),
      201,
    );
    for (const url of [data.url, data.thumbnail]) {
      const picture = await fetch(`${b.url}${url}`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
    }
    const bookId = await listBook(b, seller, data.url, 'Two servers, one book');
    const otherBookId = await listBook(a, seller, data.url, 'Reported on A, reviewed on B');

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

    // Booked on A; a second buyer trying on B is refused.
    const rival = await signUpTo(a, 'Buyer', 'two-rival');
    const booking = { bookId, contact: '+1 555 0100', meetinglocation: 'Station' };
    const { insertedId: bookingId } = await json<{ insertedId: string }>(
      await callServer(a, 'POST', '/api/booking', { as: buyer, json: booking }),
    );
    expect((await callServer(b, 'POST', '/api/booking', { as: rival, json: booking })).status).toBe(409);

    // Paid across both: intent on B, card on A, record on B.
    const { clientSecret } = await json<{ clientSecret: string }>(
      await callServer(b, 'POST', '/api/create-payment-intent', { as: buyer, json: { bookingId } }),
    );
    const { transactionId } = await json<{ transactionId: string }>(
      await callServer(a, 'POST', '/api/payments/test/confirm', {
        as: buyer,
        json: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: futureExpiry, cvc: '123' },
      }),
    );
    await json(await callServer(b, 'POST', '/api/payments', { as: buyer, json: { bookingId, transactionId } }));
    const orders = await json<{ _id: string; status: string | null }[]>(
      await callServer(a, 'GET', `/api/wishList/${buyer.email}`, { as: buyer }),
    );
    expect(orders.find((o) => o._id === bookingId)?.status).toBe('Paid');
    const listings = await json<{ _id: string; status: string }[]>(
      await callServer(b, 'GET', `/api/books?email=${seller.email}`, { as: seller }),
    );
    expect(listings.find((book) => book._id === bookId)?.status).toBe('Sold');

    // Reported on A, reviewed on B, dismissed on A.
    await json(await callServer(a, 'PUT', `/api/books/report/${otherBookId}`, { as: buyer, json: { reason: 'Odd' } }));
    const reported = await json<{ _id: string }[]>(await callServer(b, 'GET', '/api/reportItems', { as: admin }));
    expect(reported.map((book) => book._id)).toContain(otherBookId);
    await json(await callServer(a, 'DELETE', `/api/reportItems/${otherBookId}`, { as: admin }));

    // Signing out on B ends the session on A too.
    expect((await callServer(b, 'POST', '/api/auth/sign-out', { as: rival, json: {} })).status).toBe(200);
    expect((await callServer(a, 'GET', '/api/users/me', { as: rival })).status).toBe(401);

    await expectConsistent(database.db);
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
