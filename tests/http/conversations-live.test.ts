import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Message, ReadEvent } from '#shared/schemas/conversation.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { listen } from '../support/live-server.ts';
import { openSse, type SseStream } from '../support/sse-client.ts';
import { createTestApp, type TestUser } from '../support/test-app.ts';

// The live stream of conversations (ADR 028) through a real listening server: server-sent events fed by
// PostgreSQL LISTEN/NOTIFY, resumed with Last-Event-ID, capped per person, kept open with comments.

const t = await createTestApp({ LIVE_HEARTBEAT: '1s', LIVE_STREAMS_PER_USER: '2' });
const live = await listen(t);
const categoryId = (await createCategory(t.db)).id;
const streams: SseStream[] = [];
afterAll(async () => {
  for (const stream of streams) stream.close();
  await live.close();
  await t.close();
});

async function stream(as: TestUser, headers: Record<string, string> = {}) {
  const opened = await openSse(`${live.url}/api/conversations/events`, { ...as.headers, ...headers });
  streams.push(opened);
  return opened;
}

/** A new seller's book, a new buyer, and the conversation between them about it. */
async function newConversation() {
  const [seller, buyer] = await Promise.all([t.newUser('Seller'), t.newUser('Buyer')]);
  const book = await createBook(t.db, { sellerId: seller.id, categoryId });
  const res = await live.call('POST', '/api/conversations', { as: buyer, json: { bookId: book.id } });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  return { seller, buyer, id };
}

async function send(id: string, as: TestUser, text: string): Promise<Message> {
  const res = await live.call('POST', `/api/conversations/${id}/messages`, { as, json: { text } });
  const body = await res.text();
  expect(res.status, body).toBe(201);
  return JSON.parse(body) as Message;
}

const messageIds = (s: SseStream) => s.events.filter((e) => e.event === 'message').map((e) => Number(e.id));

describe('the live stream', () => {
  it('answers text/event-stream, uncompressed and uncached, and refuses anyone signed out', async () => {
    const { buyer } = await newConversation();
    const s = await stream(buyer, { 'accept-encoding': 'gzip' });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('content-encoding')).toBeNull();
    expect(s.headers.get('cache-control')).toContain('no-cache');
    s.close();
    const anonymous = await fetch(`${live.url}/api/conversations/events`);
    expect(anonymous.status).toBe(401);
  });

  it('brings a message to both people at once, and to nobody else; prints how long it took', async () => {
    const { seller, buyer, id } = await newConversation();
    const stranger = await t.newUser('Buyer');
    const [toSeller, toBuyer, toStranger] = await Promise.all([stream(seller), stream(buyer), stream(stranger)]);
    const latencies: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const sent = await send(id, buyer, `Is the dust jacket there? (${i})`);
      const got = await toSeller.next((e) => e.id === String(sent.id), { timeoutMs: 1000 });
      latencies.push(got.at - started);
      expect(JSON.parse(got.data)).toEqual(sent);
      await toBuyer.next((e) => e.id === String(sent.id), { timeoutMs: 1000 });
    }
    await sleep(200);
    expect(toStranger.events).toEqual([]);
    latencies.sort((a, b) => a - b);
    console.log(
      `one server: a message reached the other person's stream in ${latencies.map((ms) => ms.toFixed(1)).join(', ')} ms ` +
        '(from the POST being sent to the event being read)',
    );
    expect(latencies.at(-1)).toBeLessThan(1000);
  });

  it('tells the writer their message was seen (a read event), and the conversation shows both read marks', async () => {
    const { seller, buyer, id } = await newConversation();
    const toBuyer = await stream(buyer);
    const sent = await send(id, buyer, 'Hello');
    const read = await live.call('POST', `/api/conversations/${id}/read`, { as: seller });
    expect(await read.json()).toEqual({ modifiedCount: 1 });
    const event = await toBuyer.next((e) => e.event === 'read');
    expect(JSON.parse(event.data) as ReadEvent).toEqual({ conversationId: id, readerId: seller.id, upTo: sent.id });
    expect(event.id).toBeUndefined();
  });

  it('resumes after a dropped connection with Last-Event-ID: what was missed comes once, in order, then the live ones', async () => {
    const { seller, buyer, id } = await newConversation();
    const first = await stream(seller);
    const one = await send(id, buyer, 'one');
    await first.next((e) => e.id === String(one.id));
    first.close();
    await sleep(50);
    const missed = [await send(id, buyer, 'two'), await send(id, seller, 'three'), await send(id, buyer, 'four')];
    const again = await stream(seller, { 'last-event-id': String(one.id) });
    await again.atLeast(3);
    const five = await send(id, buyer, 'five');
    await again.next((e) => e.id === String(five.id));
    await sleep(200);
    expect(messageIds(again)).toEqual([...missed.map((m) => m.id), five.id]);
    expect(again.events.map((e) => JSON.parse(e.data).text)).toEqual(['two', 'three', 'four', 'five']);
  });

  it('loses nothing and repeats nothing when messages race a reconnect', async () => {
    const { seller, buyer, id } = await newConversation();
    let s = await stream(seller);
    const sent: number[] = [];
    const writing = (async () => {
      for (let i = 0; i < 30; i += 1) {
        const batch = await Promise.all([send(id, buyer, `b${i}`), send(id, seller, `s${i}`)]);
        sent.push(...batch.map((m) => m.id));
      }
    })();
    const received: number[] = [];
    // Drop and resume the stream three times while the messages are being written.
    for (let round = 0; round < 3; round += 1) {
      await sleep(40);
      received.push(...messageIds(s));
      // The seller is new, so "after 0" is every message of theirs: a drop before the first event loses nothing.
      const last = received.at(-1) ?? 0;
      s.close();
      s = await stream(seller, { 'last-event-id': String(last) });
    }
    await writing;
    const expectedCount = 60 - received.length;
    await s.atLeast(expectedCount, 5000);
    await sleep(200);
    received.push(...messageIds(s));
    expect(received).toEqual([...sent].sort((a, b) => a - b));
    expect(new Set(received).size).toBe(received.length);
  });

  it('keeps an idle stream open with a comment every LIVE_HEARTBEAT (1 s here)', async () => {
    const { buyer } = await newConversation();
    const s = await stream(buyer);
    await sleep(2300);
    expect(s.comments.filter((c) => c.text === 'keep-alive').length).toBeGreaterThanOrEqual(2);
  });

  it('holds at most LIVE_STREAMS_PER_USER streams per person (2 here), and a closed one frees its place', async () => {
    const { buyer } = await newConversation();
    const [a, b] = [await stream(buyer), await stream(buyer)];
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await stream(buyer);
    expect(third.status).toBe(429);
    expect(JSON.parse(await third.text())).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    a.close();
    await sleep(200);
    expect(t.deps.live.stats().streams).toBeGreaterThanOrEqual(1);
    const fourth = await stream(buyer);
    expect(fourth.status).toBe(200);
  });

  it("ends a closed account's streams at once", async () => {
    const { buyer } = await newConversation();
    const admin = await t.newUser('Admin');
    const s = await stream(buyer);
    expect(s.status).toBe(200);
    const before = t.deps.live.stats().streams;
    const closed = await live.call('DELETE', `/api/users/${buyer.id}`, { as: admin });
    expect(closed.status).toBe(200);
    await Promise.race([s.ended, sleep(2000).then(() => Promise.reject(new Error('the stream stayed open')))]);
    expect(t.deps.live.stats().streams).toBe(before - 1);
    expect((await fetch(`${live.url}/api/conversations/events`, { headers: buyer.headers })).status).toBe(401);
  });

  it('forgets the streams of people who left', async () => {
    for (const s of streams) s.close();
    await sleep(300);
    expect(t.deps.live.stats()).toMatchObject({ streams: 0, people: 0 });
  });
});
