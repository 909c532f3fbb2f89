import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { type CachedAnswer, cachedResponse, toCachedAnswer } from './cached-response.ts';
import { createPublicListCache } from './public-list-cache.ts';

/** Loads read wherever the cache is told; here there is nothing to hand them. */
const readAt = <T>(_version: string, read: (source: undefined) => Promise<T>) => read(undefined);

const json = (answer: CachedAnswer) => JSON.parse(new TextDecoder().decode(answer.body));

/** A cache over a version the test sets, counting version reads and list loads. */
function setUp(maxStalenessMs: number) {
  const state = { version: 1, versionReads: 0, loads: 0 };
  const cache = createPublicListCache({
    readAt,
    maxStalenessMs,
    readVersion: async () => {
      state.versionReads += 1;
      return String(state.version);
    },
  });
  const read = (key = 'list') =>
    cache.answer(key, async () => {
      state.loads += 1;
      return { body: JSON.stringify({ key, version: state.version, load: state.loads }) };
    });
  return { state, cache, read };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('public list cache', () => {
  it('keeps at most maxEntries answers, however small, dropping the oldest', async () => {
    const cache = createPublicListCache({
      readAt,
      maxStalenessMs: 60_000,
      readVersion: async () => '1',
      maxEntries: 3,
    });
    for (const key of ['a', 'b', 'c', 'd', 'e']) await cache.answer(key, async () => ({ body: '[]' }));
    expect(cache.size().entries).toBe(3);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('e')).toBeDefined();
  });

  it('sends an answer marked keep: false without keeping it', async () => {
    const cache = createPublicListCache({ readAt, maxStalenessMs: 60_000, readVersion: async () => '1' });
    const answer = await cache.answer('nothing', async () => ({ body: '[]', keep: false }));
    expect(json(answer)).toEqual([]);
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
    expect(cache.peek('nothing')).toBeUndefined();
  });

  it('serves one serialized answer, with one ETag, until the version changes', async () => {
    const { state, read } = setUp(0);
    const first = await read();
    const second = await read();
    expect(second).toBe(first);
    expect(first.etag).toMatch(/^W\/".+"$/);
    expect(state.loads).toBe(1);

    state.version = 2;
    const third = await read();
    expect(state.loads).toBe(2);
    expect(json(third).version).toBe(2);
    expect(third.etag).not.toBe(first.etag);
  });

  it('builds an answer once however many readers ask at the same time', async () => {
    const { state, read } = setUp(0);
    const answers = await Promise.all(Array.from({ length: 50 }, () => read()));
    expect(new Set(answers).size).toBe(1);
    expect(state.loads).toBe(1);
    expect(state.versionReads).toBe(1);
  });

  it('reads the version at most once per staleness window, so a change elsewhere shows within it', async () => {
    const { state, read } = setUp(50);
    await read();
    await read();
    expect(state.versionReads).toBe(1);
    state.version = 2; // changed through another server: not seen inside the window
    expect(json(await read()).version).toBe(1);
    await sleep(60);
    expect(json(await read()).version).toBe(2);
  });

  it('reads the version again in the second half of the window, so steady readers never wait for it', async () => {
    const { state, cache, read } = setUp(80);
    await read();
    await sleep(50);
    expect(cache.peek('list')).toBeDefined(); // still fresh, and it starts the next reading
    await sleep(0);
    expect(state.versionReads).toBe(2);
    await sleep(50); // past the first reading's window, inside the second's
    expect(cache.peek('list')).toBeDefined();
  });

  it('checks the version on the first read after a write this server answered', async () => {
    const { state, cache, read } = setUp(60_000);
    await read();
    state.version = 2;
    cache.noteWrite();
    expect(json(await read()).version).toBe(2);
    expect(state.versionReads).toBe(2);
  });

  it('does not let a version check that started before a write stand for reads after it', async () => {
    let release: (version: string) => void = () => {};
    let reads = 0;
    const cache = createPublicListCache({
      readAt,
      maxStalenessMs: 60_000,
      readVersion: () => {
        reads += 1;
        return reads === 1 ? new Promise((resolve) => (release = resolve)) : Promise.resolve('2');
      },
    });
    const load = async () => ({ body: String(reads) });
    const before = cache.answer('list', load); // its version read is still running…
    cache.noteWrite(); // …when a write is answered
    const after = await cache.answer('list', load);
    release('1');
    await before;
    expect(reads).toBe(2);
    expect(after.version).toBe('2');
    expect((await cache.answer('list', load)).version).toBe('2');
  });

  it('keeps different lists apart and drops the oldest past its byte budget', async () => {
    const cache = createPublicListCache({ readAt, maxStalenessMs: 60_000, maxBytes: 25, readVersion: async () => '1' });
    let loads = 0;
    const read = (key: string) =>
      cache.answer(key, async () => {
        loads += 1;
        return { body: key.padEnd(10, '.') };
      });
    await read('a');
    await read('b');
    await read('c'); // 30 bytes: 'a' goes
    expect(loads).toBe(3);
    await read('c');
    await read('b');
    expect(loads).toBe(3);
    await read('a');
    expect(loads).toBe(4);
  });

  it('keeps an answer and each compressed copy in memory of its own, not in a larger buffer behind it', () => {
    const answer = toCachedAnswer('1', JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ book: i }))));
    const bodies = [answer.body];
    for (const acceptEncoding of ['br', 'gzip']) {
      const response = cachedResponse(answer, { ifNoneMatch: undefined, acceptEncoding });
      expect(response.headers['content-encoding']).toBe(acceptEncoding);
      bodies.push(response.body!);
    }
    for (const body of bodies) {
      expect(body).toBeInstanceOf(Buffer);
      expect(body.buffer.byteLength).toBe(body.byteLength);
    }
  });

  it('remakes a brotli body smaller once it has been sent often, the same list when decoded', async () => {
    const books = Array.from({ length: 24 }, (_, i) => ({ _id: crypto.randomUUID(), bookName: `Book ${i}` }));
    const answer = toCachedAnswer('1', JSON.stringify(books));
    const send = () => cachedResponse(answer, { ifNoneMatch: undefined, acceptEncoding: 'gzip, br' });
    const quick = send();
    for (let sent = 1; sent < 40; sent++) expect(send()).toBe(quick);
    await vi.waitFor(() => expect(send()).not.toBe(quick));
    const small = send();
    expect(small.body!.byteLength).toBeLessThan(quick.body!.byteLength);
    expect(brotliDecompressSync(small.body!).equals(answer.body)).toBe(true);
    expect(small.headers).toEqual({ ...quick.headers, 'content-length': String(small.body!.byteLength) });
    expect(small.body!.buffer.byteLength).toBe(small.body!.byteLength);
  });
});
