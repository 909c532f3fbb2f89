import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '#server/db/schema/catalog.ts';
import { conversations, messages } from '#server/db/schema/conversations.ts';
import { bookBook } from '#server/features/bookings/book-book.service.ts';
import { escapeHtml, jsonForScript } from '#server/http/web-app-pages.ts';
import { listMailbox } from '#server/mail/dev-mailbox.ts';
import { createBook, createCategory } from '../support/factories.ts';
import {
  contentTypes,
  dollarPatterns,
  hostileHeaders,
  hostileJsonText,
  hostileString,
  type Operation,
  operationsOf,
} from '../support/hostile-requests.ts';
import { invariantViolations } from '../support/invariants.ts';
import { bodyUnlessStream } from '../support/sse-client.ts';
import { createTestApp, errorOf, type TestApp, type TestUser, testOrigin } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';
import { pngPicture } from '../support/uploads.ts';

// CI runs a bounded number per call; `npm run fuzz` sets FUZZ_RUNS much higher.
const runs = Number(process.env.FUZZ_RUNS ?? 80);
const tables = [
  'user',
  'session',
  'account',
  'verification',
  'categories',
  'books',
  'reports',
  'bookings',
  'payments',
  'processed_events',
  'test_payment_intents',
  'mail_outbox',
  'mail_opt_outs',
  'isbn_lookups',
  'wanted',
  'notifications',
  'shelf_imports',
  'shelf_import_lines',
  'book_drafts',
  'conversations',
  'messages',
  'person_blocks',
  'message_reports',
  'reviews',
];
// Better Auth's calls are not in our OpenAPI document; the ones a stranger can reach are fuzzed too
// (sign-out is left out: it would end the fuzzing users' sessions).
const authOperations: Operation[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    pathParams: [],
    queryParams: [],
    bodyTypes: ['application/json'],
    bodyFields: ['email', 'password', 'rememberMe', 'callbackURL'],
  },
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    pathParams: [],
    queryParams: [],
    bodyTypes: ['application/json'],
    bodyFields: ['name', 'email', 'password', 'role', 'image', 'callbackURL'],
  },
  {
    method: 'GET',
    path: '/api/auth/get-session',
    pathParams: [],
    queryParams: ['disableCookieCache'],
    bodyTypes: [],
    bodyFields: [],
  },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    pathParams: [],
    queryParams: [],
    bodyTypes: ['application/json'],
    bodyFields: ['email', 'redirectTo'],
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    pathParams: [],
    queryParams: ['token'],
    bodyTypes: ['application/json'],
    bodyFields: ['token', 'newPassword'],
  },
  {
    method: 'GET',
    path: '/api/auth/verify-email',
    pathParams: [],
    queryParams: ['token', 'callbackURL'],
    bodyTypes: [],
    bodyFields: [],
  },
  {
    method: 'POST',
    path: '/api/auth/send-verification-email',
    pathParams: [],
    queryParams: [],
    bodyTypes: ['application/json'],
    bodyFields: ['email', 'callbackURL'],
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    pathParams: [],
    queryParams: [],
    bodyTypes: ['application/json'],
    bodyFields: ['currentPassword', 'newPassword', 'revokeOtherSessions'],
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/social',
    pathParams: [],
    queryParams: [],
    bodyTypes: ['application/json'],
    bodyFields: ['provider', 'callbackURL', 'idToken'],
  },
];

// The web app's page as the build writes it, for the page loads whose head the server writes.
const webRoot = mkdtempSync(path.join(tmpdir(), 'bookshelf-hostile-'));
writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="Default description." />' +
    '<title>The Big Bookshelf</title></head><body><div id="root"><main class="min-h-svh"></main></div></body></html>',
);
// The calls are known before the tests are collected, so each gets a test of its own.
const t: TestApp = await createTestApp({ WEB_ROOT: webRoot });
const operations: Operation[] = [
  ...operationsOf(await (await t.call('GET', '/api/openapi.json')).json()),
  ...authOperations,
];
let signedIn: Record<'buyer' | 'seller' | 'admin', TestUser>;
let known: string[];
let png: Buffer;
const tally = { sent: 0, serverErrors: 0, refusedAndChanged: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  const [buyer, seller, admin, victim] = await Promise.all([
    t.newUser('Buyer'),
    t.newUser('Seller'),
    t.newUser('Admin'),
    t.newUser('Seller'),
  ]);
  signedIn = { buyer, seller, admin };
  const category = await createCategory(t.db, { name: 'Fiction' });
  const shelf = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      createBook(t.db, { sellerId: i % 2 ? seller.id : victim.id, categoryId: category.id, reported: i === 5 }),
    ),
  );
  await t.db.insert(reports).values({ bookId: shelf[5]!.id, reporterId: admin.id, reason: 'Fuzz' });
  const session = {
    id: buyer.id,
    email: buyer.email,
    name: buyer.name,
    image: null,
    role: buyer.role,
    capabilities: [buyer.role],
    verified: false,
  };
  const booking = await bookBook(t.db, {
    bookId: shelf[0]!.id,
    buyer: session,
    contact: '5550100',
    meetingLocation: '',
    holdMs: t.deps.env.BOOKING_HOLD,
    maxOpenHolds: t.deps.env.MAX_OPEN_HOLDS,
    currency: 'USD',
  });
  const [talk] = await t.db
    .insert(conversations)
    .values({ bookId: shelf[1]!.id, buyerId: buyer.id, sellerId: seller.id })
    .returning({ id: conversations.id });
  const [message] = await t.db
    .insert(messages)
    .values({ conversationId: talk!.id, senderId: seller.id, body: 'Is it still there?' })
    .returning({ id: messages.id });
  known = [
    ...shelf.map((b) => b.id),
    booking,
    victim.id,
    victim.email,
    buyer.email,
    seller.email,
    'Fiction',
    talk!.id,
    String(message!.id),
    seller.id,
  ];
  png = await pngPicture();
});

afterAll(async () => {
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(
    `hostile input: ${tally.sent} requests to ${operations.length} calls (${runs} runs each), ` +
      `${tally.serverErrors} answers ≥ 500, ${tally.refusedAndChanged} refused requests that changed state`,
  );
  console.log(`statuses: ${statuses.join(' ')}`);
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** The whole state a request could change: a checksum of every table's rows, and the stored image files. */
async function state(): Promise<string> {
  const parts = tables.map(
    (table) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${table}" x)`,
  );
  const { rows } = await t.pool.query<{ sum: string }>(`select ${parts.join(" || ',' || ")} as sum`);
  return `${rows[0]!.sum}/${readdirSync(t.deps.imagesDir!).length}`;
}

function requestFor(op: Operation) {
  const hasBody = !['GET', 'HEAD'].includes(op.method);
  const multipart = op.bodyTypes.includes('multipart/form-data');
  return fc.record({
    actor: fc.constantFrom('anonymous', 'buyer', 'seller', 'admin'),
    params: fc.tuple(...op.pathParams.map(() => hostileString(known))),
    encode: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    query: fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...op.queryParams, '__proto__', 'constructor', 'page', 'limit'),
          fc.string({ maxLength: 8 }),
        ),
        hostileString(known),
      ),
      { maxLength: 5 },
    ),
    contentType: fc.oneof(
      { weight: 4, arbitrary: fc.constant(multipart ? 'form' : 'application/json') },
      { weight: 1, arbitrary: fc.constantFrom(...contentTypes) },
    ),
    body: hasBody ? hostileJsonText(op.bodyFields, known) : fc.constant(undefined),
    file: fc.record({
      field: fc.constantFrom('image', 'image', 'picture', ''),
      bytes: fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.constant(new Uint8Array(png))),
      name: hostileString(),
      type: fc.constantFrom('image/png', 'text/html', 'application/octet-stream', ''),
    }),
    headers: hostileHeaders,
    origin: fc.oneof(
      { weight: 8, arbitrary: fc.constant(testOrigin) },
      { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null') },
    ),
  });
}

type HostileRequest = ReturnType<typeof requestFor> extends fc.Arbitrary<infer R> ? R : never;

/** Percent-encoding; a lone surrogate (which has no UTF-8) becomes U+FFFD, as a browser would send it. */
const encode = (value: string) => encodeURIComponent(value.toWellFormed());

function send(op: Operation, r: HostileRequest) {
  let path = op.path;
  op.pathParams.forEach((name, i) => {
    const value = r.params[i] as string;
    path = path.replace(`{${name}}`, r.encode ? encode(value) : value);
  });
  const query = r.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  const url = `${path.startsWith('/api') ? path : `/api${path}`}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = { ...r.headers, origin: r.origin };
  if (r.actor !== 'anonymous') Object.assign(headers, signedIn[r.actor as keyof typeof signedIn].headers);
  let body: BodyInit | undefined;
  if (r.body !== undefined && r.contentType === 'form') {
    const form = new FormData();
    form.append(r.file.field, new File([r.file.bytes], r.file.name, { type: r.file.type }));
    body = form;
  } else if (r.body !== undefined) {
    if (r.contentType) headers['content-type'] = r.contentType;
    body = r.body;
  }
  return { url, response: t.app.request(url, { method: op.method, headers, body }) };
}

const stackTrace = /\bat [\w.<>]+ \(|\bat (file|node):|node_modules|\/src\/server\/|\.ts:\d+:\d+/;

describe('hostile input to every API call', () => {
  it('covers every call of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each([
    ['GET', '/api/books/a%00b', 'categoryName'],
    ['GET', '/api/users/socialUser/x%00y', 'email'],
    ['GET', '/api/allbooks?page=%00', 'page'],
  ])('%s %s: a NUL character is a 400 naming %s, not a database error', async (method, url, field) => {
    const res = await t.call(method, url, { as: signedIn.admin });
    expect(await errorOf(res, 400)).toEqual({ error: expect.any(String), code: 'BAD_REQUEST', field });
  });

  it.each([
    ['/api/auth/reset-password', { token: 'a\0b', newPassword: 'Hostile#2026' }, 'token'],
    ['/api/auth/sign-in/email', { email: 'x\0@example.test', password: 'Hostile#2026' }, 'email'],
  ])('POST %s: a NUL character in the auth service’s own calls is a 400 naming the field', async (url, json, field) => {
    const res = await t.call('POST', url, { json });
    expect(await errorOf(res, 400)).toEqual({ error: expect.any(String), code: 'BAD_REQUEST', field });
  });

  it('GET /api/search takes any text of up to 200 characters as a search (NUL included), never as an error', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString(known), async (text) => {
        const q = [...text.toWellFormed()].slice(0, 200).join('');
        const res = await t.call('GET', `/api/search?q=${encodeURIComponent(q)}`, { as: signedIn.buyer });
        expect(res.status, JSON.stringify(q)).toBe(200);
        expect(Array.isArray(await res.json())).toBe(true);
      }),
      { numRuns: runs },
    );
  });

  describe.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', (_name, op) => {
    it('never answers ≥ 500 or with a stack trace, and a refused request changes nothing', {
      timeout: 30_000 + runs * 100,
    }, async () => {
      let before = await state();
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (r) => {
          const { url, response } = send(op, r);
          const res = await response;
          // The live stream answers for ever: its headers say what it is, and it is dropped unread.
          const text = await bodyUnlessStream(res);
          tally.sent += 1;
          tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
          if (res.status >= 500) tally.serverErrors += 1;
          expect(res.status, `${op.method} ${url} → ${text.slice(0, 300)}`).toBeLessThan(500);
          expect(stackTrace.test(text), `stack trace in ${text.slice(0, 300)}`).toBe(false);
          // Our API answers errors as { error, code, field? }; Better Auth has its own shape, and a path like
          // /api/books/../../x is normalised out of the API before it reaches the app.
          const reached = new URL(url, testOrigin).pathname;
          if (res.status >= 400 && reached.startsWith('/api/') && !reached.startsWith('/api/auth/')) {
            const answer = JSON.parse(text) as Record<string, unknown>;
            expect(typeof answer.error, text.slice(0, 200)).toBe('string');
            expect(typeof answer.code, text.slice(0, 200)).toBe('string');
            if ('field' in answer) expect(typeof answer.field, text.slice(0, 200)).toBe('string');
          }
          const after = await state();
          if (res.status >= 400 && after !== before) tally.refusedAndChanged += 1;
          expect(res.status >= 400 && after !== before, `${res.status} but the state changed: ${url}`).toBe(false);
          before = after;
        }),
        { numRuns: runs },
      );
      expect(Object.keys(Object.prototype)).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  it('leaves the data consistent', async () => {
    expect(await invariantViolations(t.db)).toEqual([]);
  });
});

// `String.replace` reads $`, $', $&, $1, $<name> and $$ in a replacement string as patterns: a text of ours that
// went into one would copy the page into itself. Each text a person writes is sent with them, next to a plain
// text of the same length; the answer must be the plain one's, give or take the escaping, with the text in it.
describe("texts with replacement patterns ($`, $', $&, $1, $<name>, $$) reach pages and mail as they are", () => {
  const texts = dollarPatterns.map((pattern) => pattern.repeat(10));
  const plain = (text: string) => 'x'.repeat(text.length);
  const page = async (url: string) => {
    const res = await t.call('GET', url, { headers: { accept: 'text/html' } });
    expect(res.status, url).toBe(200);
    return res.text();
  };
  /** Escaping makes a text up to a few times longer where it shows; the patterns, expanded, add whole pages. */
  const slack = (text: string) => 30 * escapeHtml(text).length;
  /** The page once: expanded patterns would copy it, or its head, into itself. */
  const once = (html: string) => {
    for (const part of ['<!doctype html>', '<title>', '<div id="root">', '</html>']) {
      expect(html.split(part), part).toHaveLength(2);
    }
  };

  it.each(texts)('the search page for %s', async (text) => {
    // Its words find other books than a plain twin's would (the page carries what they find): it is held to being
    // itself once, not to a twin's length.
    const html = await page(`/search?q=${encodeURIComponent(text)}`);
    once(html);
    expect(html).toContain(`<title>“${escapeHtml(text)}” — Search — The Big Bookshelf</title>`);
    expect(html).toContain(`content="Second-hand books matching “${escapeHtml(text)}” on The Big Bookshelf."`);
    expect(html).toContain(
      `<link rel="canonical" href="${escapeHtml(`${testOrigin}/search?q=${encodeURIComponent(text)}`)}">`,
    );
  });

  /** The origin the page's links are made with (its canonical link's). */
  const appUrlOf = (html: string) => new URL(/<link rel="canonical" href="([^"]*)">/.exec(html)![1]!).origin;

  it.each(texts)('a book page (its name, author, description and seller) and a category page for %s', async (text) => {
    const shelfOf = async (words: string) => {
      const seller = await t.newUser('Seller', { name: words });
      const category = await createCategory(t.db, { name: `${words} ${crypto.randomUUID()}` });
      const book = await createBook(t.db, {
        sellerId: seller.id,
        categoryId: category.id,
        bookName: words,
        author: words,
        publisher: words,
        description: words,
      });
      t.sawWrites();
      return { book: book.id, category: category.name, seller: seller.id };
    };
    const [mine, twin] = await Promise.all([shelfOf(text), shelfOf(plain(text))]);
    const html = await page(`/books/${mine.book}`);
    once(html);
    expect(html.length).toBeLessThan((await page(`/books/${twin.book}`)).length + slack(text));
    expect(html).toContain(`<title>${escapeHtml(text)} by ${escapeHtml(text)} — `);
    expect(html).toContain(
      `"seller":{"@type":"Person","name":${jsonForScript(text)},"url":${jsonForScript(`${appUrlOf(html)}/sellers/${mine.seller}`)}}`,
    );
    // The seller's page: its head and JSON-LD carry the name as it is.
    const sellerPage = await page(`/sellers/${mine.seller}`);
    const twinSeller = await page(`/sellers/${twin.seller}`);
    expect(sellerPage.length).toBeLessThan(twinSeller.length + 2 * slack(text));
    expect(sellerPage).toContain(`<title>${escapeHtml(text)}, seller — `);
    expect(sellerPage).toContain(`"@type":"Person","@id":`);
    expect(sellerPage).toContain(`"name":${jsonForScript(text)}`);
    const category = await page(`/categoryBooks/${encodeURIComponent(mine.category)}`);
    const twinCategory = await page(`/categoryBooks/${encodeURIComponent(twin.category)}`);
    expect(category.length).toBeLessThan(twinCategory.length + slack(text));
    expect(category).toContain(`<title>${escapeHtml(mine.category)} books — The Big Bookshelf</title>`);
  });

  it.each(texts)('the mail of a booking and its cancellation (names, meeting place, reason) for %s', async (text) => {
    /** A seller's book booked by a buyer, then cancelled by the seller: both named `words`, every text `words`. */
    const mailsOf = async (words: string) => {
      const [seller, buyer] = await Promise.all([
        t.newUser('Seller', { name: words }),
        t.newUser('Buyer', { name: words }),
      ]);
      const category = await createCategory(t.db, { name: `Mail ${crypto.randomUUID()}` });
      const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id, bookName: words });
      t.sawWrites();
      const booked = await t
        .as(buyer)
        .booking.$post({ json: { bookId: book.id, contact: '5550100', meetinglocation: words } });
      const { insertedId } = await jsonOf(booked, 200);
      const cancelled = await t
        .as(seller)
        .booking[':id'].cancel.$post({ param: { id: insertedId }, json: { reason: words } });
      expect(cancelled.status).toBe(200);
      await t.runJobs();
      const box = await listMailbox(t.deps.mailer.mailboxDir!);
      return [seller, buyer].map((person) => box.filter((m) => m.to === person.email));
    };
    const [[toSeller, toBuyer], [toTwinSeller, toTwinBuyer]] = [await mailsOf(text), await mailsOf(plain(text))];
    const mails = [...toSeller!, ...toBuyer!];
    const twins = [...toTwinSeller!, ...toTwinBuyer!];
    expect(mails.length).toBeGreaterThanOrEqual(2);
    expect(mails.map((m) => m.subject.replaceAll(text, plain(text))).sort()).toEqual(
      twins.map((m) => m.subject).sort(),
    );
    for (const mail of mails) {
      const twin = twins.find((m) => m.subject === mail.subject.replaceAll(text, plain(text)))!;
      expect(mail.html.length, mail.subject).toBeLessThan(twin.html.length + slack(text));
      expect(mail.text.length, mail.subject).toBeLessThan(twin.text.length + slack(text));
      expect(mail.text, mail.subject).toContain(text);
      expect(mail.html, mail.subject).toContain(escapeHtml(text));
    }
    const sellerMail = toSeller!.map((m) => m.text).join('\n');
    expect(sellerMail).toContain(`: ${text}`); // the meeting place and the buyer's name, as typed
  });
});
