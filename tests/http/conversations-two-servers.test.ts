import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#shared/schemas/conversation.ts';
import { createBook, createCategory } from '../support/factories.ts';
import {
  callServer,
  freePort,
  type ServerProcess,
  startServerProcess,
  stubWebRoot,
} from '../support/server-process.ts';
import { openSse, type SseStream } from '../support/sse-client.ts';
import { createTestApp, type TestUser, testOrigin } from '../support/test-app.ts';

// Two app processes on one database, as behind a load balancer with no sticky sessions: a message sent through one
// reaches a live stream held open on the other through PostgreSQL LISTEN/NOTIFY (ADR 028), within a second.

const t = await createTestApp();
const metricsToken = 'talk-two-servers-metrics-token-0123456789';
const folder = mkdtempSync(path.join(tmpdir(), 'bookshelf-talk-two-'));
let a: ServerProcess;
let b: ServerProcess;
const streams: SseStream[] = [];

beforeAll(async () => {
  const webRoot = stubWebRoot(path.join(folder, 'web'));
  const shared = {
    DATABASE_URL: t.databaseUrl,
    WEB_ROOT: webRoot,
    APP_URL: testOrigin,
    // The test app's sessions are signed with its secret: both servers take them.
    AUTH_SECRET: 'x'.repeat(32),
    ACTION_RATE_LIMIT: 'off',
    MESSAGE_RATE_LIMIT: 'off',
    METRICS_TOKEN: metricsToken,
  };
  const [portA, portB] = [await freePort(), await freePort()];
  [a, b] = await Promise.all([
    startServerProcess({ ...shared, PORT: String(portA), DATA_DIR: path.join(folder, 'a') }),
    startServerProcess({ ...shared, PORT: String(portB), DATA_DIR: path.join(folder, 'b') }),
  ]);
}, 120_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** The value of one series in a scrape (0 when it is absent). */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};

async function streamOn(server: ServerProcess, as: TestUser, headers: Record<string, string> = {}) {
  const opened = await openSse(`${server.url}/api/conversations/events`, { ...as.headers, ...headers });
  expect(opened.status).toBe(200);
  streams.push(opened);
  return opened;
}

describe('two servers on one database', { timeout: 60_000 }, () => {
  it('carry a message sent through one to a stream open on the other within a second, both ways', async () => {
    const [seller, buyer] = await Promise.all([t.newUser('Seller'), t.newUser('Buyer')]);
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: (await createCategory(t.db)).id });
    const { id } = await json<{ id: string }>(
      await callServer(a, 'POST', '/api/conversations', { as: buyer, json: { bookId: book.id } }),
    );
    // The seller's page is served by B, the buyer's by A.
    const sellerOnB = await streamOn(b, seller);
    const buyerOnA = await streamOn(a, buyer);
    const latencies: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const [from, via, to] = i % 2 === 0 ? [buyer, a, sellerOnB] : [seller, b, buyerOnA];
      const started = performance.now();
      const sent = await json<Message>(
        await callServer(via, 'POST', `/api/conversations/${id}/messages`, { as: from, json: { text: `hop ${i}` } }),
        201,
      );
      const got = await to.next((e) => e.id === String(sent.id), { timeoutMs: 1000 });
      latencies.push(got.at - started);
      expect(JSON.parse(got.data)).toEqual(sent);
    }
    const sorted = [...latencies].sort((x, y) => x - y);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `two servers: a message sent through one reached the stream on the other in median ${median.toFixed(1)} ms, ` +
        `max ${sorted.at(-1)!.toFixed(1)} ms (${latencies.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    expect(sorted.at(-1)).toBeLessThan(1000);

    // Each server reports its open streams, the messages sent through it, and how long they took to reach its streams.
    for (const server of [a, b]) {
      const text = await (
        await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
      ).text();
      expect(seriesValue(text, 'bookshelf_live_streams')).toBe(1);
      expect(seriesValue(text, 'bookshelf_messages_sent_total')).toBe(5);
      expect(seriesValue(text, 'bookshelf_live_delivery_seconds_count')).toBeGreaterThanOrEqual(5);
    }
  });

  it('resume on the other server with Last-Event-ID, as after a reconnect the load balancer sent elsewhere', async () => {
    const [seller, buyer] = await Promise.all([t.newUser('Seller'), t.newUser('Buyer')]);
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: (await createCategory(t.db)).id });
    const { id } = await json<{ id: string }>(
      await callServer(b, 'POST', '/api/conversations', { as: buyer, json: { bookId: book.id } }),
    );
    const send = async (text: string) =>
      json<Message>(
        await callServer(b, 'POST', `/api/conversations/${id}/messages`, { as: buyer, json: { text } }),
        201,
      );
    const onA = await streamOn(a, seller);
    const first = await send('first');
    await onA.next((e) => e.id === String(first.id));
    onA.close();
    const missed = [await send('second'), await send('third')];
    const onB = await streamOn(b, seller, { 'last-event-id': String(first.id) });
    const events = await onB.atLeast(2);
    expect(events.map((e) => Number(e.id))).toEqual(missed.map((m) => m.id));
  });
});
