import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callServer,
  freePort,
  listBookOn,
  type ServerProcess,
  signUpTo,
  startServerProcess,
  stubWebRoot,
} from '../support/server-process.ts';
import { type StreamingReplica, startStreamingReplica } from '../support/streaming-replica.ts';
import type { TestUser } from '../support/test-app.ts';
import { pngPicture } from '../support/uploads.ts';

// One app server with DATABASE_URL on a primary and DATABASE_REPLICA_URL on a hot standby streaming from it.
const folder = mkdtempSync(path.join(tmpdir(), 'bookshelf-replica-app-'));
const stalenessMs = 100;
let replica: StreamingReplica;
let server: ServerProcess;
let primary: pg.Client;
let seller: TestUser;
let buyer: TestUser;
let cover: string;

beforeAll(async () => {
  stubWebRoot(folder);
  replica = await startStreamingReplica();
  server = await startServerProcess({
    PORT: String(await freePort()),
    DATA_DIR: folder,
    WEB_ROOT: folder,
    DATABASE_URL: replica.primaryUrl,
    DATABASE_REPLICA_URL: replica.standbyUrl,
    CACHE_MAX_STALENESS_MS: String(stalenessMs),
    AUTH_RATE_LIMIT: 'off',
    ACTION_RATE_LIMIT: 'off',
  });
  primary = new pg.Client({ connectionString: replica.primaryUrl });
  await primary.connect();
  seller = await signUpTo(server, 'Seller', 'replica-seller');
  buyer = await signUpTo(server, 'Buyer', 'replica-buyer');
  const form = new FormData();
  form.append('image', new File([new Uint8Array(await pngPicture())], 'cover.png', { type: 'image/png' }));
  const uploaded = await callServer(server, 'POST', '/api/upload', { as: seller, body: form });
  cover = ((await uploaded.json()) as { data: { url: string } }).data.url;
}, 120_000);

afterAll(async () => {
  await primary?.end();
  await server?.stop();
  await replica?.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function read<T>(url: string, as?: TestUser): Promise<T> {
  const res = await callServer(server, 'GET', url, { as });
  const text = await res.text();
  expect(res.status, `${url}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

/** A book's page as a browser loads it: the server writes its head from the catalogue. */
const bookPage = (id: string) => fetch(`${server.url}/books/${id}`, { headers: { accept: 'text/html' } });

const names = async (url: string) => (await read<{ bookName: string }[]>(url)).map((book) => book.bookName);

const listBook = (bookName: string) => listBookOn(server, seller, cover, bookName);

/** Runs `work` while the standby replays nothing: it stays at what it had replayed before. */
async function withStandbyPaused(work: (standby: pg.Client) => Promise<void>) {
  const standby = new pg.Client({ connectionString: replica.standbyUrl });
  await standby.connect();
  await standby.query('select pg_wal_replay_pause()');
  try {
    await work(standby);
  } finally {
    await standby.query('select pg_wal_replay_resume()');
    await standby.end();
  }
}

/** Renames a book on the primary without moving the catalogue version: a difference only the standby lacks. */
async function renameBehindTheVersion(id: string, bookName: string) {
  await primary.query(`set session_replication_role = replica`);
  await primary.query('update books set book_name = $2 where id = $1', [id, bookName]);
  await primary.query(`set session_replication_role = origin`);
}

/** Every public read the replica serves, for a listed book. */
const publicReads = (id: string) => [
  '/api/booksCategory',
  '/api/books/addvertise',
  '/api/allbooks',
  '/api/books/Fiction',
  `/api/books/item/${id}`,
  `/api/books/item/${id}/related`,
  '/api/search?q=replica',
  '/sitemap.xml',
  '/sitemaps/books-1.xml',
];

describe('a read replica', { timeout: 60_000 }, () => {
  it('answers the public reads once it has replayed the catalogue version the primary shows', async () => {
    const id = await listBook('Read on the standby');
    await replica.caughtUp();
    await withStandbyPaused(async () => {
      await renameBehindTheVersion(id, 'Renamed on the primary only');
      // Nothing changed the version since the standby caught up, so these come from the standby.
      expect((await read<{ bookName: string }>(`/api/books/item/${id}`)).bookName).toBe('Read on the standby');
      expect(await names('/api/allbooks?limit=50')).toContain('Read on the standby');
      await renameBehindTheVersion(id, 'Read on the standby');
    });
  });

  it('shows a change at once while the standby lags, and keeps no answer the standby would have got', async () => {
    await withStandbyPaused(async (standby) => {
      const id = await listBook('Listed while the standby waits');
      expect(await (await bookPage(id)).text()).toContain('Listed while the standby waits');
      expect(await names('/api/allbooks')).toContain('Listed while the standby waits');
      expect(await names('/api/books/Fiction')).toContain('Listed while the standby waits');
      expect(await names('/api/search?q=waits')).toEqual(['Listed while the standby waits']);
      expect((await read<{ status: string }>(`/api/books/item/${id}`)).status).toBe('Available');
      expect(await (await callServer(server, 'GET', '/sitemaps/books-1.xml')).text()).toContain(id);

      // Booked: off the public lists at once, and in the buyer's and the seller's own lists at once.
      const booked = await callServer(server, 'POST', '/api/booking', {
        as: buyer,
        json: { bookId: id, contact: '+1 555 0100', meetinglocation: 'Station' },
      });
      expect(booked.status, await booked.clone().text()).toBe(200);
      expect(await names('/api/allbooks')).not.toContain('Listed while the standby waits');
      expect((await read<{ status: string }>(`/api/books/item/${id}`)).status).toBe('Booked');
      const orders = await read<{ bookId: string }[]>(`/api/wishList/${buyer.email}`, buyer);
      expect(orders.map((order) => order.bookId)).toContain(id);
      const listings = await read<{ _id: string; status: string }[]>(`/api/books?email=${seller.email}`, seller);
      expect(listings.find((book) => book._id === id)?.status).toBe('Booked');
      const renamed = await callServer(server, 'PUT', '/api/users/me', {
        as: buyer,
        json: { displayName: 'Renamed Buyer', photoURL: '' },
      });
      expect(renamed.status).toBe(200);
      expect((await read<{ name: string }>('/api/users/me', buyer)).name).toBe('Renamed Buyer');

      // Made on the primary by another server (or by hand): shows within the staleness window, and stays shown.
      const other = await listBook('Withdrawn straight in the database');
      expect(await names('/api/allbooks')).toContain('Withdrawn straight in the database');
      await primary.query(`update books set status = 'Removed' where id = $1`, [other]);
      const changedAt = Date.now();
      await expect
        .poll(() => names('/api/allbooks'), { interval: 10, timeout: 5_000 })
        .not.toContain('Withdrawn straight in the database');
      expect(Date.now() - changedAt).toBeLessThan(stalenessMs + 1_400);
      expect(await names('/api/allbooks')).not.toContain('Withdrawn straight in the database');

      // All of it was read on the primary: the standby has replayed none of it.
      expect((await standby.query('select 1 from books where id = $1', [id])).rowCount).toBe(0);
    });
    await replica.caughtUp();
    expect(await names('/api/allbooks')).not.toContain('Withdrawn straight in the database');
  });

  it('answers every public read from the primary while the standby is stopped, and uses it again once it is back', async () => {
    const id = await listBook('Listed with the standby down');
    await replica.stopStandby();
    try {
      await listBook('Listed after the standby stopped');
      for (const url of publicReads(id)) {
        const res = await callServer(server, 'GET', url);
        expect(res.status, url).toBe(200);
      }
      expect(await names('/api/allbooks')).toContain('Listed after the standby stopped');
      expect((await bookPage(id)).status).toBe(200);
    } finally {
      await replica.startStandby();
    }

    // After its rest the standby is tried again: a difference only the primary has stops showing.
    await replica.caughtUp();
    await withStandbyPaused(async () => {
      await renameBehindTheVersion(id, 'Renamed on the primary only');
      let limit = 50; // a page size no read before asked for: an answer not in the cache
      await expect
        .poll(async () => (await names(`/api/allbooks?limit=${limit++}`)).includes('Listed with the standby down'), {
          timeout: 14_000,
          interval: 400,
        })
        .toBe(true);
      await renameBehindTheVersion(id, 'Listed with the standby down');
    });
  });
});
