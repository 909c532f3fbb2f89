import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { createDeps } from '#server/deps.ts';
import { createLogger } from '#server/http/logger.ts';
import { countCall } from '#server/http/rate-window.ts';
import { maxImageBytes } from '#shared/constants.ts';
import { en } from '#shared/i18n/english.ts';
import { shelfImportMaxChars } from '#shared/schemas/shelf.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { operationsOf } from '../support/hostile-requests.ts';
import { listen } from '../support/live-server.ts';
import { createTestApp, errorOf, type TestApp, testOrigin } from '../support/test-app.ts';
import { pngPicture, upload } from '../support/uploads.ts';

const jsonLimitMessage = 'Request body is larger than 64 KB';

describe('request body size limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every call that takes a body refuses one over its limit with 413 and a clear message', async () => {
    const seller = await t.newUser('Seller');
    const doc = await (await t.call('GET', '/api/openapi.json')).json();
    const writes = operationsOf(doc).filter((op) => op.method !== 'GET');
    // Better Auth's calls share the API's JSON limit.
    writes.push(
      ...['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/sign-out'].map((path) => ({
        method: 'POST',
        path,
        pathParams: [],
        queryParams: [],
        bodyTypes: ['application/json'],
        bodyFields: [],
      })),
    );
    const checked: string[] = [];
    for (const op of writes) {
      const path = op.path.replace(/\{\w+\}/g, crypto.randomUUID());
      if (op.path === '/api/shelf/imports') {
        // A catalogue export takes a body of its own size: twice its characters (JSON escapes) and 64 KB.
        const res = await t.call('POST', path, {
          as: seller,
          json: { text: 'x'.repeat(shelfImportMaxChars * 2 + 65 * 1024) },
        });
        expect(res.status, `${op.method} ${op.path}`).toBe(413);
        expect(await res.json()).toEqual({ error: en.shelf.fileTooLarge, code: 'TOO_LARGE', field: 'text' });
        checked.push(`${op.method} ${op.path}`);
        continue;
      }
      const multipart = op.bodyTypes.includes('multipart/form-data');
      const res = multipart
        ? await t.app.request(path, {
            method: op.method,
            headers: { ...seller.headers, origin: testOrigin },
            body: pictureForm(maxImageBytes + 300 * 1024),
          })
        : await t.call(op.method, path, { as: seller, json: { filler: 'x'.repeat(65 * 1024) } });
      expect(res.status, `${op.method} ${op.path}`).toBe(413);
      expect(await res.json(), `${op.method} ${op.path}`).toEqual(
        multipart
          ? { error: 'the file is larger than 5 MB', code: 'TOO_LARGE', field: 'image' }
          : { error: jsonLimitMessage, code: 'TOO_LARGE' },
      );
      checked.push(`${op.method} ${op.path}`);
    }
    console.log(`body limits: ${checked.length} calls refuse an oversized body with 413`);
    expect(checked.length).toBeGreaterThan(20);
  });

  it('measures a body by its Content-Length over a real socket: over the limit refused, within it read on', async () => {
    const live = await listen(t);
    try {
      const over = await live.call('POST', '/api/booking', { json: { contact: 'x'.repeat(65 * 1024) } });
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual({ error: jsonLimitMessage, code: 'TOO_LARGE' });
      // Within the limit, the call goes on to its other checks: here, that nobody is signed in.
      const within = await live.call('POST', '/api/booking', { json: { contact: 'x'.repeat(60 * 1024) } });
      expect(within.status).toBe(401);
    } finally {
      await live.close();
    }
  });

  it('counts the bytes of a chunked body sent without Content-Length, over a real socket', async () => {
    const live = await listen(t);
    try {
      const { status, body } = await chunkedPost(`${live.url}/api/booking`, 80 * 1024);
      expect(status).toBe(413);
      expect(JSON.parse(body)).toEqual({ error: jsonLimitMessage, code: 'TOO_LARGE' });
    } finally {
      await live.close();
    }
  });
});

describe('sign-in and sign-up rate limits (AUTH_RATE_LIMIT=on), by socket address and account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: 'on' });
  });
  afterAll(() => t.close());

  it('refuse the sixth sign-up of a minute, and the sixth failed sign-in of an account, with 429', async () => {
    const live = await listen(t);
    try {
      const signUp = (i: number) =>
        live.call('POST', '/api/auth/sign-up/email', {
          json: { name: `Rate ${i}`, email: `rate-${i}@example.test`, password: 'Secret#123', role: 'Buyer' },
        });
      const signUps = [];
      for (let i = 0; i < 6; i++) signUps.push((await signUp(i)).status);
      expect(signUps).toEqual([200, 200, 200, 200, 200, 429]);

      const signIn = (password: string) =>
        live.call('POST', '/api/auth/sign-in/email', { json: { email: 'rate-0@example.test', password } });
      const successes = [];
      for (let i = 0; i < 6; i++) successes.push((await signIn('Secret#123')).status);
      expect(successes).toEqual([200, 200, 200, 200, 200, 200]);
      const failures = [];
      for (let i = 0; i < 6; i++) failures.push(await signIn('Wrong#123'));
      expect(failures.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429]);
      const limited = failures[5]!;
      expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);
      expect(((await limited.json()) as { message: string }).message).toMatch(/Too many failed sign-ins/);
    } finally {
      await live.close();
    }
  });
});

describe('sign-ups sent at once (AUTH_RATE_LIMIT=on), over real sockets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: 'on' });
  });
  afterAll(() => t.close());

  it('let exactly 5 of 8 from one address through, as one after another would', async () => {
    const live = await listen(t);
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          live.call('POST', '/api/auth/sign-up/email', {
            json: { name: `At once ${i}`, email: `at-once-${i}@example.test`, password: 'Secret#123', role: 'Buyer' },
          }),
        ),
      );
      expect(tally(answers.map((r) => r.status))).toEqual({ 200: 5, 429: 3 });
    } finally {
      await live.close();
    }
  });
});

describe('booking, report and upload rate limits (ACTION_RATE_LIMIT=3/60), per user, shared by every server', () => {
  let t: TestApp;
  let other: ReturnType<typeof createApp>;
  let categoryId: string;
  beforeAll(async () => {
    t = await createTestApp({ ACTION_RATE_LIMIT: '3/60' });
    // A second app server on the same database: the counts live in PostgreSQL, not in either process.
    const deps = createDeps({
      env: t.deps.env,
      db: t.db,
      log: createLogger('silent'),
      dataDir: t.deps.imagesDir!,
      secret: 'x'.repeat(32),
    });
    other = createApp(deps);
    categoryId = (await createCategory(t.db)).id;
  });
  afterAll(() => t.close());

  const newBook = async () => {
    const seller = await t.newUser('Seller');
    return (await createBook(t.db, { sellerId: seller.id, categoryId })).id;
  };

  it('lets a buyer make 3 bookings a minute across two servers, then answers 429 with Retry-After', async () => {
    const buyer = await t.newUser('Buyer');
    const book = (bookId: string, app: { request: typeof other.request }) =>
      app.request('/api/booking', {
        method: 'POST',
        headers: { ...buyer.headers, origin: testOrigin, 'content-type': 'application/json' },
        body: JSON.stringify({ bookId, contact: '+1 555 0100' }),
      });
    const answers = [];
    for (const app of [t.app, other, t.app, other]) answers.push(await book(await newBook(), app));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    const limited = answers[3]!;
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual({
      error: `Too many bookings in a short time; please wait ${wait} seconds and try again`,
      code: 'TOO_MANY_REQUESTS',
    });

    // Another buyer has a count of their own; a caller who is not signed in is refused before counting.
    expect(
      (
        await t.call('POST', '/api/booking', {
          as: await t.newUser('Buyer'),
          json: { bookId: await newBook(), contact: '5550100' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.call('POST', '/api/booking', { json: { bookId: await newBook(), contact: '5550100' } })).status,
    ).toBe(401);
  });

  it('limits reports the same way, counted apart from bookings', async () => {
    const reporter = await t.newUser('Buyer');
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await t.call('PUT', `/api/books/report/${await newBook()}`, { as: reporter, json: {} }));
    }
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    const limited = answers[3]!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(limited, 429)).toEqual({
      error: expect.stringMatching(/^Too many reports in a short time/),
      code: 'TOO_MANY_REQUESTS',
    });
    const res = await t.call('POST', '/api/booking', {
      as: reporter,
      json: { bookId: await newBook(), contact: '5550100' },
    });
    expect(res.status).toBe(200);
  });

  it('limits picture uploads the same way, book and profile photos counted together, storing nothing beyond', async () => {
    const seller = await t.newUser('Seller');
    const picture = await pngPicture();
    const profilePhoto = () => {
      const form = new FormData();
      form.append('image', new File([new Uint8Array(picture)], 'me.png', { type: 'image/png' }));
      return t.app.request('/api/users/me/photo', {
        method: 'POST',
        body: form,
        headers: { origin: testOrigin, ...seller.headers },
      });
    };
    const answers = [await upload(t, seller, picture), await profilePhoto(), await upload(t, seller, picture)];
    const stored = readdirSync(t.deps.imagesDir!).length;
    answers.push(await upload(t, seller, picture), await profilePhoto());
    expect(answers.map((r) => r.status)).toEqual([201, 200, 201, 429, 429]);
    for (const limited of answers.slice(3)) {
      const wait = Number(limited.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await errorOf(limited, 429)).toEqual({
        error: `Too many uploads in a short time; please wait ${wait} seconds and try again`,
        code: 'TOO_MANY_REQUESTS',
      });
    }
    expect(readdirSync(t.deps.imagesDir!).length).toBe(stored);
    expect((await upload(t, await t.newUser('Seller'), picture)).status).toBe(201);
  });

  it('lets exactly 3 of 8 bookings sent at once through, over real sockets; the rest answer 429', async () => {
    const live = await listen(t);
    try {
      const buyer = await t.newUser('Buyer');
      const books = await Promise.all(Array.from({ length: 8 }, () => newBook()));
      const answers = await Promise.all(
        books.map((bookId) => live.call('POST', '/api/booking', { as: buyer, json: { bookId, contact: '5550100' } })),
      );
      expect(tally(answers.map((r) => r.status))).toEqual({ 200: 3, 429: 5 });
      const { rows } = await t.pool.query('select count(*)::int as n from bookings where buyer_id = $1', [buyer.id]);
      expect(rows[0].n).toBe(3);
    } finally {
      await live.close();
    }
  });

  it('lets exactly 3 of 8 reports sent at once through, over real sockets; the rest answer 429', async () => {
    const live = await listen(t);
    try {
      const reporter = await t.newUser('Buyer');
      const books = await Promise.all(Array.from({ length: 8 }, () => newBook()));
      const answers = await Promise.all(
        books.map((bookId) => live.call('PUT', `/api/books/report/${bookId}`, { as: reporter, json: {} })),
      );
      expect(tally(answers.map((r) => r.status))).toEqual({ 200: 3, 429: 5 });
    } finally {
      await live.close();
    }
  });

  it('opens a new window once the old one has passed', async () => {
    const rule = { max: 2, windowSeconds: 60 };
    const start = 1_900_000_000_000;
    const waits = [];
    for (const at of [0, 1_000, 2_000, 59_000, 60_000, 61_000])
      waits.push(await countCall(t.db, 'test:window', rule, start + at));
    expect(waits).toEqual([0, 0, 58, 1, 0, 0]);
  });
});

/** How many answers of each status, e.g. `{ 200: 3, 429: 5 }`. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

function pictureForm(bytes: number): FormData {
  const form = new FormData();
  const png = new Uint8Array(bytes);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  form.append('image', new File([png], 'huge.png', { type: 'image/png' }));
  return form;
}

/** POSTs `size` bytes of JSON in chunks, with no Content-Length, so only counting the stream can stop it. */
function chunkedPost(url: string, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', origin: testOrigin },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'EPIPE' ? undefined : reject(error)));
    const chunk = 'x'.repeat(8 * 1024);
    req.write(`{"contact":"`);
    for (let sent = 0; sent < size; sent += chunk.length) req.write(chunk);
    req.end('"}');
  });
}
