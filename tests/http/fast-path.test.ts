import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { Logger } from '#server/http/logger.ts';
import { countingReporter, createBook, createCategory } from '../support/factories.ts';
import { listenAsServed, type ServedListener } from '../support/served-listener.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../support/test-app.ts';

// The node server as server.ts builds it. The fast path answers a request when a cache gives it an answer
// (`peek`); every other request reaches the app. Its request log lines are kept.
let t: TestApp;
let served: ServedListener;
let base: string;
let peek: MockInstance<TestApp['deps']['publicLists']['peek']>;
let peekQueries: MockInstance<TestApp['deps']['publicQueries']['peek']>;
let seller: TestUser;
let bookIds: string[];
const logLines: Record<string, unknown>[] = [];
const category = 'Science Fiction';
// index.html as the build writes it, for the page loads.
const webRoot = mkdtempSync(path.join(tmpdir(), 'bookshelf-fast-'));

beforeAll(async () => {
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Default." /><title>The Big Bookshelf</title>' +
      '</head><body><div id="root"><main class="min-h-svh"></main></div></body></html>',
  );
  t = await createTestApp({ CACHE_MAX_STALENESS_MS: '60000', REPORT_HIDE_THRESHOLD: '1', WEB_ROOT: webRoot });
  seller = await t.newUser('Seller');
  const { id } = await createCategory(t.db, { name: category });
  bookIds = [];
  for (let i = 0; i < 5; i++) {
    const book = await createBook(t.db, {
      sellerId: seller.id,
      categoryId: id,
      advertised: i % 2 === 0,
      bookName: `Garden book ${i}`,
    });
    bookIds.push(book.id);
  }
  peek = vi.spyOn(t.deps.publicLists, 'peek');
  peekQueries = vi.spyOn(t.deps.publicQueries, 'peek');
  const log: Logger = {
    ...t.deps.log,
    info: (message, fields) => {
      if (message === 'request') logLines.push(fields ?? {});
    },
  };
  served = await listenAsServed({ ...t.deps, log });
  base = served.base;
});
afterAll(async () => {
  await served.close();
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** Requests the fast path has answered from the caches so far. */
const servedFast = () =>
  [...peek.mock.results, ...peekQueries.mock.results].filter((result) => result.value !== undefined).length;

async function get(path: string, headers: Record<string, string> = {}) {
  const before = servedFast();
  const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  const body = Buffer.from(await res.arrayBuffer());
  const shown = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'));
  return {
    status: res.status,
    headers: shown,
    requestId: res.headers.get('x-request-id'),
    body,
    byApp: servedFast() === before,
  };
}

/** A GET with header names in the case given, and a line for each value of a name given several. */
function rawGet(path: string, headers: Record<string, string | string[]>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const req = request(`${base}${path}`);
    for (const [name, value] of Object.entries(headers)) req.setHeader(name, value);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the public list fast path', () => {
  const lists = [
    '/api/booksCategory',
    '/api/books/addvertise',
    '/api/books/addvertise?limit=12',
    '/api/allbooks?page=1&limit=2',
    `/api/books/${encodeURIComponent(category)}?page=1&limit=12`,
  ];

  it('answers a list the app has answered with the same bytes and headers', async () => {
    for (const path of lists) {
      const first = await get(path);
      expect(first.byApp, path).toBe(true);
      const second = await get(path);
      expect(second.byApp, path).toBe(false);
      expect(second.status).toBe(200);
      expect(second.body.equals(first.body), path).toBe(true);
      expect(second.headers, path).toEqual(first.headers);
      expect(second.requestId).toMatch(/^[\w-]+$/);
    }
  });

  it('keeps a request id the client sent, answers 304 to a client holding the list, and compresses', async () => {
    const path = lists[4]!;
    const plain = await get(path);
    expect((await get(path, { 'x-request-id': 'trace-123' })).requestId).toBe('trace-123');
    const revalidated = await get(path, { 'if-none-match': plain.headers.etag! });
    expect(revalidated).toMatchObject({ status: 304, byApp: false });
    expect(revalidated.body.length).toBe(0);
    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    expect(gzip).toMatchObject({ status: 200, byApp: false });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(plain.body)).toBe(true); // fetch undoes the gzip
  });

  it('sends a much-read list in a smaller brotli body once it is made, the same list when decoded', async () => {
    const path = lists[4]!;
    const plain = await get(path);
    const sizeOf = async () => Number((await get(path, { 'accept-encoding': 'br' })).headers['content-length']);
    const quick = await sizeOf();
    for (let sent = 1; sent < 40; sent++) await sizeOf();
    await vi.waitFor(async () => expect(await sizeOf()).toBeLessThan(quick));
    const small = await get(path, { 'accept-encoding': 'br' });
    expect(small).toMatchObject({ status: 200, byApp: false });
    expect(small.headers['content-encoding']).toBe('br');
    expect(small.body.equals(plain.body)).toBe(true); // fetch undoes the brotli
  });

  it('logs a request and counts it in the metrics as the app does', async () => {
    const path = `/api/books/${encodeURIComponent(category)}?page=2&limit=2`;
    const series =
      'bookshelf_http_request_duration_seconds_count{method="GET",route="/api/books/:categoryName",status="200"}';
    const counted = async () => {
      const text = await t.deps.metrics.registry.getSingleMetricAsString('bookshelf_http_request_duration_seconds');
      return Number(
        text
          .split('\n')
          .find((line) => line.startsWith(`${series} `))
          ?.slice(series.length + 1) ?? 0,
      );
    };
    const countedBefore = await counted();
    const logged = logLines.length;
    const byApp = await get(path, { 'x-request-id': 'trace-456' });
    const fast = await get(path, { 'x-request-id': 'trace-456' });
    expect([byApp.byApp, fast.byApp]).toEqual([true, false]);
    const lines = logLines.slice(logged).map(({ ms, ...line }) => {
      expect(ms).toEqual(expect.any(Number));
      return line;
    });
    const line = { requestId: 'trace-456', method: 'GET', path: `/api/books/${category}`, status: 200 };
    expect(lines).toEqual([line, line]);
    expect(await counted()).toBe(countedBefore + 2);
  });

  it('reads request headers in any case and joins repeated ones, as the app does', async () => {
    const path = lists[3]!;
    await get(path);
    const before = servedFast();
    const sent = await rawGet(path, { 'Accept-Encoding': ['identity', 'br'], 'X-REQUEST-ID': ['first', 'second'] });
    expect(sent.headers['content-encoding']).toBe('br');
    expect(sent.headers['x-request-id']).not.toMatch(/first|second/); // "first, second" is no id: a new one
    expect((await rawGet(path, { 'IF-NONE-MATCH': sent.headers.etag! })).status).toBe(304);
    expect(servedFast()).toBe(before + 2);
  });

  it('leaves the next read to the app after a write, which answers the new list', async () => {
    const path = lists[4]!;
    const before = await get(path);
    const [book] = JSON.parse(before.body.toString()) as { _id: string }[];
    const reporter = await t.newUser('Buyer', countingReporter());
    const report = await fetch(`${base}/api/books/report/${book!._id}`, {
      method: 'PUT',
      headers: { origin: testOrigin, ...reporter.headers },
    });
    expect(report.status).toBe(200);
    const after = await get(path);
    expect(after.byApp).toBe(true);
    expect(after.headers['x-total-count']).toBe(String(Number(before.headers['x-total-count']) - 1));
    expect((await get(path)).byApp).toBe(false);
  });

  it('leaves every other form of request to the app', async () => {
    for (const path of [
      '/api/allbooks?page=01',
      '/api/allbooks?page=1&page=2',
      '/api/allbooks?page=1&sort=name',
      '/api/allbooks?limit=1000',
      '/api/allbooks/',
      '/api/books/a%25b',
      '/api/books?email=x',
      '/api/booksCategory?x=1',
    ]) {
      await get(path);
      expect((await get(path)).byApp, path).toBe(true);
    }
    const head = await fetch(`${base}/api/allbooks?page=1&limit=2`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});

describe('searches and page loads on the fast path', () => {
  it('answers a search the app has answered with the same bytes and headers', async () => {
    for (const path of [
      '/api/search?q=garden&page=1&limit=12',
      '/api/search?q=gardn',
      `/api/search?q=book&category=${encodeURIComponent(category)}&sort=price_asc&minPrice=1`,
      '/api/search?q=%22garden%22+%25_%5C',
    ]) {
      const first = await get(path);
      expect(first.byApp, path).toBe(true);
      const second = await get(path);
      expect(second.byApp, path).toBe(false);
      expect(second.status, path).toBe(200);
      expect(second.body.equals(first.body), path).toBe(true);
      expect(second.headers, path).toEqual(first.headers);
    }
  });

  it('leaves a search that is not valid, or not yet answered in that form, to the app', async () => {
    for (const path of ['/api/search?q=a&q=b', '/api/search?sort=cheapest', `/api/search?q=${'x'.repeat(201)}`]) {
      const first = await get(path);
      expect(first.status, path).toBe(400);
      expect((await get(path)).byApp, path).toBe(true);
    }
  });

  it("answers a book's, a category's and a search's page with the same bytes and headers as the app", async () => {
    const html = { accept: 'text/html' };
    for (const path of [`/books/${bookIds[0]}`, `/categoryBooks/${encodeURIComponent(category)}`, '/search?q=garden']) {
      const first = await get(path, html);
      expect(first.byApp, path).toBe(true);
      const second = await get(path, html);
      expect(second.byApp, path).toBe(false);
      expect(second.status).toBe(200);
      expect(second.body.equals(first.body), path).toBe(true);
      expect(second.headers, path).toEqual(first.headers);
      expect(second.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it("answers Home's page as the app does, and logs it under the app's route", async () => {
    const logged = logLines.length;
    const fast = await get('/', { accept: 'text/html', 'x-request-id': 'home-1' });
    const byApp = await t.app.request('/', { headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
    expect(fast.body.equals(Buffer.from(await byApp.arrayBuffer()))).toBe(true);
    const appHeaders = Object.fromEntries([...byApp.headers].filter(([name]) => name !== 'x-request-id'));
    const { connection, 'keep-alive': keepAlive, ...fastHeaders } = fast.headers;
    expect(fastHeaders).toEqual(appHeaders);
    expect(logLines.slice(logged)).toEqual([
      expect.objectContaining({ requestId: 'home-1', method: 'GET', path: '/', status: 200 }),
    ]);
  });

  it("leaves a removed book's page, and requests that are no page loads, to the app", async () => {
    expect((await t.call('DELETE', `/api/books/${bookIds[2]}`, { as: seller })).status).toBe(200);
    // The page is in the cache, with its status, for the app: the fast path finds it and leaves it.
    const built = vi.spyOn(t.deps.publicQueries, 'answer');
    for (let i = 0; i < 2; i++) {
      expect((await get(`/books/${bookIds[2]}`, { accept: 'text/html' })).status).toBe(410);
    }
    expect(built).toHaveBeenCalledTimes(2);
    built.mockRestore();
    const script = await get('/assets/index-gone.js', { accept: '*/*' });
    expect(script).toMatchObject({ status: 404, byApp: true });
    const json = await get(`/books/${bookIds[1]}`, { accept: 'application/json' });
    expect(json).toMatchObject({ status: 404, byApp: true });
  });
});

describe("signed-in reads of one's own data on the fast path", () => {
  let peekOwn: MockInstance<TestApp['deps']['privateAnswers']['peek']>;
  beforeAll(() => {
    peekOwn = vi.spyOn(t.deps.privateAnswers, 'peek');
  });
  const servedOwn = () => peekOwn.mock.results.filter((result) => result.value !== undefined).length;
  async function getAs(who: TestUser, path: string, headers: Record<string, string> = {}) {
    const before = servedOwn();
    const answer = await get(path, { ...who.headers, ...headers });
    return { ...answer, byApp: servedOwn() === before };
  }

  it('answers a read the app has answered this caller, with the same bytes and headers', async () => {
    const buyer = await t.newUser('Buyer');
    const admin = await t.newUser('Admin');
    for (const [who, path] of [
      [buyer, '/api/users/me'],
      [buyer, `/api/wishList/${encodeURIComponent(buyer.email)}?page=1&limit=5`],
      [seller, `/api/books?email=${encodeURIComponent(seller.email)}`],
      [admin, '/api/users/buyer'],
      [buyer, `/api/users/buyer/${encodeURIComponent(buyer.email)}`],
    ] as const) {
      const first = await getAs(who, path);
      expect(first.byApp, path).toBe(true);
      const second = await getAs(who, path);
      expect(second.byApp, path).toBe(false);
      expect(second.status, path).toBe(200);
      expect(second.body.equals(first.body), path).toBe(true);
      expect(second.headers, path).toEqual(first.headers);
      expect(second.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('never answers one caller with what another was answered at the same URL', async () => {
    const [ann, bob] = await Promise.all([t.newUser('Buyer'), t.newUser('Buyer')]);
    const path = `/api/wishList/${encodeURIComponent(ann.email)}`;
    await getAs(ann, path);
    expect((await getAs(ann, path)).byApp).toBe(false);
    for (let i = 0; i < 2; i++) expect(await getAs(bob, path)).toMatchObject({ status: 403, byApp: true });
    const me = async (who: TestUser) => JSON.parse((await getAs(who, '/api/users/me')).body.toString()).email;
    expect([await me(ann), await me(bob), await me(ann), await me(bob)]).toEqual([
      ann.email,
      bob.email,
      ann.email,
      bob.email,
    ]);
    expect(await getAs(ann, '/api/users/me', { cookie: 'better-auth.session_token=forged' })).toMatchObject({
      status: 401,
      byApp: true,
    });
  });

  it('leaves a signed-out caller to the app, which refuses them', async () => {
    const buyer = await t.newUser('Buyer');
    await getAs(buyer, '/api/users/me');
    expect((await getAs(buyer, '/api/users/me')).byApp).toBe(false);
    const out = await fetch(`${base}/api/auth/sign-out`, {
      method: 'POST',
      headers: { origin: testOrigin, 'content-type': 'application/json', ...buyer.headers },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(await getAs(buyer, '/api/users/me')).toMatchObject({ status: 401, byApp: true });
  });
});
