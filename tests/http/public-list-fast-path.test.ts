import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { Logger } from '#server/http/logger.ts';
import { requestListener } from '#server/server.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../support/test-app.ts';

// The node server as server.ts builds it. The fast path answers a request when the cache gives it a list
// (`peek`); every other request reaches the app. Its request log lines are kept.
let t: TestApp;
let server: Server;
let base: string;
let peek: MockInstance<TestApp['deps']['publicLists']['peek']>;
let seller: TestUser;
const logLines: Record<string, unknown>[] = [];
const category = 'Science Fiction';

beforeAll(async () => {
  t = await createTestApp({ CACHE_MAX_STALENESS_MS: '60000', REPORT_HIDE_THRESHOLD: '1' });
  seller = await t.newUser('Seller');
  const { id } = await createCategory(t.db, { name: category });
  for (let i = 0; i < 5; i++) await createBook(t.db, { sellerId: seller.id, categoryId: id, advertised: i % 2 === 0 });
  peek = vi.spyOn(t.deps.publicLists, 'peek');
  const log: Logger = {
    ...t.deps.log,
    info: (message, fields) => {
      if (message === 'request') logLines.push(fields ?? {});
    },
  };
  server = createServer(requestListener({ ...t.deps, log }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** Requests the fast path has answered so far. */
const servedFast = () => peek.mock.results.filter((result) => result.value !== undefined).length;

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
    const reporter = await t.newUser('Buyer');
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
