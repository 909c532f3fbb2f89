import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '#server/auth/session-user.ts';
import { user } from '#server/db/schema/auth.ts';
import { reports } from '#server/db/schema/catalog.ts';
import { conversations, messageReports, messages } from '#server/db/schema/conversations.ts';
import { handovers } from '#server/db/schema/handovers.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import { bookDrafts, shelfImportLines, shelfImports } from '#server/db/schema/shelf.ts';
import { notifications, wanted } from '#server/db/schema/wanted.ts';
import { bookBook } from '#server/features/bookings/book-book.service.ts';
import { enterHandoverCode, reportHandoverProblem } from '#server/features/handovers/handovers.service.ts';
import { settleCharge, startPayment } from '#server/features/payments/payments.service.ts';
import { storeImage } from '#server/features/uploads/stored-image.ts';
import { recordUpload } from '#server/features/uploads/uploaded-pictures.ts';
import { unsubscribeToken } from '#server/mail/unsubscribe-token.ts';
import type { TestPaymentProvider } from '#server/payments/provider.ts';
import { policies } from '#server/policies/policies.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { invariantViolations } from '../support/invariants.ts';
import { type LiveServer, listen } from '../support/live-server.ts';
import { bodyUnlessStream } from '../support/sse-client.ts';
import { tablesRead } from '../support/tables-read.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { pngPicture } from '../support/uploads.ts';
import {
  type Actor,
  actors,
  type CellRequest,
  excluded,
  type Fixture,
  matrix,
  type Row,
} from './authorization-matrix.ts';

let t: TestApp;
let live: LiveServer;
let users: Record<Exclude<Actor, 'anonymous' | 'closed'>, TestUser>;
/** The closed caller's credentials, each sent on its own: its session cookie, and its bearer token. */
let closedCredentials: { label: string; headers: Record<string, string> }[];
let category: { id: string; name: string };
let png: Buffer;
const tally = { passed: 0, failed: 0 };
/** The tables each signed-in answer kept in memory read when it was made (route → tables). */
const privateAnswerReads = new Map<string, Set<string>>();
/** The refusals (403) each row's callers got, by route. */
const refusalsByRoute = new Map<string, string[]>();
const codeOfStatus: Record<number, string> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

beforeAll(async () => {
  // `buyer` holds an unpaid booking of every cell that makes one: far more than a buyer's 3 at once.
  // `seller` also owns every book a cell makes (hundreds a run): LISTING_LIMIT, proven in listing-limits.test.ts and
  // shelf-drafts.test.ts, would refuse the listings the table's rows make late in a run.
  t = await createTestApp({ MAX_OPEN_HOLDS: '1000', LISTING_LIMIT: 'off' });
  live = await listen(t);
  const [buyer, otherBuyer, seller, otherSeller, admin] = await Promise.all([
    live.signUp('Buyer', 'Buyer'),
    live.signUp('Buyer', 'Other buyer'),
    live.signUp('Seller', 'Seller'),
    live.signUp('Seller', 'Other seller'),
    live.signUp('Admin', 'Admin'),
  ]);
  users = { buyer, otherBuyer, seller, otherSeller, admin };
  closedCredentials = await signedInThenClosed();
  category = await createCategory(t.db);
  png = await pngPicture();
});

afterAll(async () => {
  console.log(`authorization matrix: ${matrix.length} calls × ${actors.length} callers`);
  console.log(`${tally.passed} passed, ${tally.failed} failed`);
  await live?.close();
  await t?.close();
});

/** An admin who signs in, takes a bearer token, and is then closed by another admin (DELETE /api/users/{id}). */
async function signedInThenClosed() {
  const closing = await live.signUp('Admin', 'Closed admin');
  const jwt = await live.call('POST', '/api/jwt', { as: closing, json: { email: closing.email } });
  const { token } = (await jwt.json()) as { token: string };
  const credentials = [
    { label: 'session cookie', headers: closing.headers },
    { label: 'bearer token', headers: { authorization: `Bearer ${token}` } },
  ];
  // Both open the admins' calls until the account is closed.
  for (const { headers } of credentials) {
    if ((await live.call('GET', '/api/users', { headers })).status !== 200) throw new Error('not signed in');
  }
  const closed = await live.call('DELETE', `/api/users/${closing.id}`, { as: users.admin });
  if (closed.status !== 200) throw new Error(`closing failed: ${closed.status} ${await closed.text()}`);
  return credentials;
}

const asSession = (u: TestUser): SessionUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  image: null,
  role: u.role,
  capabilities: [u.role],
  verified: false,
});

/** Fresh resources for `actor`'s cell, each made on first use (and once). */
function freshFixture(actor: Actor): Fixture {
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => {
      made ??= make();
      return made;
    };
  };
  const payments = t.deps.payments as TestPaymentProvider;
  const newBook = (reported = false) =>
    createBook(t.db, { sellerId: users.seller.id, categoryId: category.id, reported }).then((b) => b.id);
  const booking = once(async () => {
    const bookId = await newBook();
    const id = await bookBook(t.db, {
      bookId,
      buyer: asSession(users.buyer),
      contact: '+1 555 0100',
      meetingLocation: '',
      holdMs: t.deps.env.BOOKING_HOLD,
      maxOpenHolds: t.deps.env.MAX_OPEN_HOLDS,
      currency: 'USD',
    });
    return { id, bookId };
  });
  const paidBook = once(async () => {
    const intent = await succeeded();
    await settleCharge(t.db, intent, 'test', t.deps.env);
    return (await booking()).bookId;
  });
  const clientSecret = once(async () => {
    const { id } = await booking();
    const { intent } = await startPayment(t.db, payments, 'USD', id, users.buyer.id);
    return intent.clientSecret!;
  });
  const succeeded = once(async () => {
    const result = await payments.confirmCard(await clientSecret(), {
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    if (!('intent' in result)) throw new Error('the test card was declined');
    return result.intent;
  });
  const paidOrder = once(async () => {
    await paidBook();
    const { id } = await booking();
    // Paid longer ago than HANDOVER_PERIOD (7 days), so its buyer may report a problem.
    const [handover] = await t.db
      .update(handovers)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(handovers.bookingId, id))
      .returning();
    return { id, code: handover!.code };
  });
  const conversation = once(async () => {
    const bookId = await newBook();
    const [talk] = await t.db
      .insert(conversations)
      .values({ bookId, buyerId: users.buyer.id, sellerId: users.seller.id })
      .returning({ id: conversations.id });
    const [message] = await t.db
      .insert(messages)
      .values({ conversationId: talk!.id, senderId: users.seller.id, body: 'Matrix' })
      .returning({ id: messages.id });
    return { id: talk!.id, bookId, messageId: Number(message!.id) };
  });
  const handedOverOrder = once(async () => {
    const { id, code } = await paidOrder();
    await enterHandoverCode(t.db, id, asSession(users.seller), code);
    t.sawWrites();
    return id;
  });
  return {
    buyerEmail: users.buyer.email,
    buyerId: users.buyer.id,
    conversation,
    reportedMessage: once(async () => {
      const { messageId } = await conversation();
      await t.db.insert(messageReports).values({ messageId, reporterId: users.buyer.id, reason: 'Matrix' });
      return messageId;
    }),
    sellerEmail: users.seller.email,
    categoryName: category.name,
    book: once(() => newBook()),
    bundleBooks: once(() => Promise.all([newBook(), newBook()])),
    reportedBook: once(async () => {
      const id = await newBook(true);
      await t.db.insert(reports).values({ bookId: id, reporterId: users.otherBuyer.id, reason: 'Matrix' });
      return id;
    }),
    booking,
    clientSecret,
    succeededPayment: once(async () => ({ bookingId: (await booking()).id, transactionId: (await succeeded()).id })),
    paidBook,
    paidOrder,
    sellerId: users.seller.id,
    handedOverOrder,
    publishedReview: once(async () => {
      const bookingId = await handedOverOrder();
      const closes = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000);
      const common = { bookingId, windowClosesAt: closes, publishedAt: new Date() };
      await t.db.insert(reviews).values([
        { ...common, authorId: users.buyer.id, subjectId: users.seller.id, authorRole: 'buyer', stars: 4 },
        { ...common, authorId: users.seller.id, subjectId: users.buyer.id, authorRole: 'seller', stars: 5 },
      ]);
      const [row] = await t.db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.bookingId, bookingId), eq(reviews.authorId, users.buyer.id)));
      t.sawWrites();
      return row!.id;
    }),
    problemOrder: once(async () => {
      const { id } = await paidOrder();
      await reportHandoverProblem(t.db, id, asSession(users.buyer), 'Matrix', t.deps.env.HANDOVER_PERIOD);
      return id;
    }),
    imageUrl: once(async () => {
      const { url } = await storeImage(t.deps, png);
      if (actor !== 'anonymous' && actor !== 'closed') await recordUpload(t.db, users[actor].id, url);
      return url;
    }),
    targetUser: once(async () => (await t.newUser('Seller')).id),
    targetAdmin: once(async () => {
      const { id } = await t.newUser('Admin');
      await t.db.update(user).set({ formerRole: 'Seller' }).where(eq(user.id, id));
      return id;
    }),
    bannedReporter: once(async () => {
      const { id } = await t.newUser('Buyer');
      await t.db
        .update(user)
        .set({ reportingBannedAt: new Date(), reportingBannedBy: users.admin.id })
        .where(eq(user.id, id));
      return id;
    }),
    unsubscribeToken: async () => {
      const [row] = await t.db.select({ version: user.mailLinkVersion }).from(user).where(eq(user.id, users.buyer.id));
      return unsubscribeToken(t.deps.mailer.frame.secret, users.buyer.id, 'orders', row!.version);
    },
    wantedEntry: once(async () => {
      const [row] = await t.db
        .insert(wanted)
        .values({ userId: users.buyer.id, query: crypto.randomUUID() })
        .returning();
      return row!.id;
    }),
    shelfImport: once(async () => {
      // Read and done, so that the seller's imports under way stay within their three at once.
      const [row] = await t.db
        .insert(shelfImports)
        .values({ sellerId: users.seller.id, source: 'typed', state: 'done', lineCount: 1 })
        .returning();
      await t.db
        .insert(shelfImportLines)
        .values({ importId: row!.id, lineNo: 1, text: 'not an ISBN', outcome: 'not-isbn' });
      return row!.id;
    }),
    draft: once(async () => {
      const [row] = await t.db.insert(bookDrafts).values({ sellerId: users.seller.id, bookName: 'Matrix' }).returning();
      return row!.id;
    }),
    readyDraft: once(async () => {
      const { url, thumbnail } = await storeImage(t.deps, png);
      await recordUpload(t.db, users.seller.id, url);
      const [row] = await t.db
        .insert(bookDrafts)
        .values({
          sellerId: users.seller.id,
          bookName: 'Matrix draft',
          condition: 'Good',
          originalPriceCents: 2000,
          resalePriceCents: 800,
          booksCategory: category.name,
          image: url,
          thumbnail,
          phone: '+1 415 555 0199',
          location: 'Town',
          description: 'x',
          purchaseYear: '2022-02-02',
        })
        .returning();
      return row!.id;
    }),
    notification: once(async () => {
      const [row] = await t.db
        .insert(notifications)
        .values({
          userId: users.buyer.id,
          kind: 'wanted',
          dedupeKey: `matrix:${crypto.randomUUID()}`,
          text: 'Matrix',
          link: '/',
        })
        .returning();
      return row!.id;
    }),
  };
}

/** The credentials `actor` calls with, each sent on its own (none for anonymous). */
function credentialsOf(actor: Actor): { label: string; headers: Record<string, string> }[] {
  if (actor === 'anonymous') return [{ label: actor, headers: {} }];
  if (actor === 'closed')
    return closedCredentials.map(({ label, headers }) => ({ label: `closed (${label})`, headers }));
  return [{ label: actor, headers: users[actor].headers }];
}

function send(method: string, request: CellRequest, credentials: Record<string, string>) {
  const headers = { ...credentials, ...request.headers };
  if (request.multipart) {
    const form = new FormData();
    form.append('image', new File([new Uint8Array(png)], 'cover.png', { type: 'image/png' }));
    return live.call(method, request.path, { body: form, headers });
  }
  return live.call(method, request.path, { json: request.json, headers });
}

/**
 * "GET /api/users/{}": a route by its method and URL shape, whatever it names its parameters: Hono's `:id`, the
 * row's `{id}`, and the document's, which joins the names of routes that share a shape (`{emailOrId}`).
 */
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:\w+|\{\w+\}/g, '{}')}`;
const rowKey = (row: Row) => routeKey(...(row.route.split(' ') as [string, string]));

describe('the authorization matrix', () => {
  it('has exactly one row for every API route the server has (from /api/openapi.json and the router)', async () => {
    const doc = (await (await live.call('GET', '/api/openapi.json')).json()) as { paths: Record<string, object> };
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => routeKey(method, `/api${path.replace(/^\/api/, '')}`)),
    );
    const routed = t.app.routes
      .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
      .map((r) => routeKey(r.method, r.path));
    const served = new Set([...documented, ...routed].filter((key) => !excluded.some((e) => e.route.test(key))));
    const rows = matrix.map(rowKey);

    expect(
      rows.filter((route, i) => rows.indexOf(route) !== i),
      'rows listed twice',
    ).toEqual([]);
    expect(
      [...served].filter((route) => !rows.includes(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      rows.filter((route) => !served.has(route)),
      'rows for routes the server does not have',
    ).toEqual([]);
    expect(documented.length).toBeGreaterThan(40);
  });

  it('agrees with the access each route declares (x-access in /api/openapi.json), which the server enforces', async () => {
    const doc = (await (await live.call('GET', '/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-access'?: 'anyone' | 'signed-in' | string[]; security?: unknown[] }>>;
    };
    const roleOf: Record<Exclude<Actor, 'anonymous' | 'closed'>, string> = {
      buyer: 'Buyer',
      otherBuyer: 'Buyer',
      seller: 'Seller',
      otherSeller: 'Seller',
      admin: 'Admin',
    };
    const disagreements: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = routeKey(method, path);
        const access = operation['x-access'];
        const row = matrix.find((r) => rowKey(r) === route);
        if (!access) {
          disagreements.push(`${route}: declares no access`);
          continue;
        }
        if ((access === 'anyone') === Boolean(operation.security?.length)) {
          disagreements.push(`${route}: security ≠ access`);
        }
        if (!row) continue;
        const anonymous = row.expect[0];
        if ((access === 'anyone') !== (anonymous !== 401)) disagreements.push(`${route}: anonymous ${anonymous}`);
        const closed = row.expect[actors.indexOf('closed')];
        if ((access === 'anyone') !== (closed !== 401)) disagreements.push(`${route}: closed ${closed}`);
        if (Array.isArray(access)) {
          for (const [i, actor] of actors.entries()) {
            if (actor === 'anonymous' || actor === 'closed' || access.includes(roleOf[actor])) continue;
            if (row.expect[i] !== 403) disagreements.push(`${route}: ${actor} expected ${row.expect[i]}, declared 403`);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('refuses a caller the route does not admit before it reads the input: bad input from them is 401 or 403, not 400', async () => {
    const doc = (await (await live.call('GET', '/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-access'?: 'anyone' | 'signed-in' | string[] }>>;
    };
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const access = operation['x-access'];
        if (!access || access === 'anyone') continue;
        // Every parameter malformed, and a body that is not even JSON.
        const url = `/api${path.replace(/^\/api/, '')}`.replace(/\{\w+\}/g, '%00not-valid');
        const init = { method: method.toUpperCase(), headers: { 'content-type': 'application/json' } };
        const body = method === 'get' ? undefined : '{"not json';
        const anonymous = await live.call(init.method, url, { headers: init.headers, body });
        if (anonymous.status !== 401) wrong.push(`${method} ${path} anonymous: ${anonymous.status}`);
        for (const { label, headers } of closedCredentials) {
          const closed = await live.call(init.method, url, { headers: { ...headers, ...init.headers }, body });
          if (closed.status !== 401) wrong.push(`${method} ${path} closed (${label}): ${closed.status}`);
        }
        if (Array.isArray(access) && !access.includes('Buyer')) {
          const buyer = await live.call(init.method, url, { as: users.buyer, headers: init.headers, body });
          if (buyer.status !== 403) wrong.push(`${method} ${path} buyer: ${buyer.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('follows the house rules: a call is public to all, or refuses anonymous callers with 401', () => {
    for (const row of matrix) {
      const [anonymous, ...signedIn] = row.expect;
      // A closed account's credentials count for nothing: it gets what anonymous gets, 401 from every guarded call.
      expect(row.expect[actors.indexOf('closed')], `${row.route}: closed`).toBe(anonymous);
      if (anonymous === 401) continue;
      expect(
        signedIn.every((status) => status === anonymous),
        row.route,
      ).toBe(true);
    }
  });

  for (const row of matrix) {
    const [method] = row.route.split(' ');
    it(`${row.route}: ${row.expect.join(' ')}`, async () => {
      const violations: string[] = [];
      for (const [i, actor] of actors.entries()) {
        for (const { label, headers } of credentialsOf(actor)) {
          const expected = row.expect[i]!;
          const request = await row.request(freshFixture(actor));
          const { result: res, tables } = await tablesRead(() => send(method!, request, headers));
          if (actor !== 'anonymous' && actor !== 'closed' && t.deps.privateUrls.find(users[actor].id, request.path)) {
            privateAnswerReads.set(row.route, new Set([...(privateAnswerReads.get(row.route) ?? []), ...tables]));
          }
          // A stream answers for ever: its status is what the cell checks (and a refusal's body).
          const body = row.stream && res.ok ? await bodyUnlessStream(res) : await res.text();
          let problem = res.status === expected ? '' : `answered ${res.status} (${body.slice(0, 160)})`;
          if (!problem && res.status >= 400) {
            const { error, code } = JSON.parse(body) as { error?: unknown; code?: unknown };
            if (res.status === 403)
              refusalsByRoute.set(row.route, [...(refusalsByRoute.get(row.route) ?? []), String(error)]);
            if (typeof error !== 'string' || !error) problem = `refused without a message: ${body.slice(0, 160)}`;
            else if (code !== codeOfStatus[res.status]) problem = `refused ${res.status} with the code ${String(code)}`;
          }
          const answer = res.ok ? row.answer?.(actor) : undefined;
          if (!problem && answer) {
            const got = JSON.parse(body) as Record<string, unknown>;
            const mismatch = Object.entries(answer).find(([key, value]) => got[key] !== value);
            if (mismatch) problem = `answered ${mismatch[0]} = ${String(got[mismatch[0]])}, not ${String(mismatch[1])}`;
          }
          if (problem) violations.push(`${label}: expected ${expected}, ${problem}`);
          tally[problem ? 'failed' : 'passed'] += 1;
        }
      }
      expect(violations).toEqual([]);
    });
  }

  it('asks the record’s policy: a caller the route admits is refused a record not theirs in the rule’s words', () => {
    const named = new Set(matrix.flatMap((row) => (row.policy ? [row.policy] : [])));
    expect(Object.keys(policies).filter((policy) => !named.has(policy as keyof typeof policies))).toEqual([]);
    const roleRefusal = /^Only .+ accounts can do this$/;
    const wrong = matrix.flatMap((row) => {
      if (!row.policy) return [];
      const refusals = refusalsByRoute.get(row.route) ?? [];
      const { refusal } = policies[row.policy];
      if (!refusals.includes(refusal)) return [`${row.route}: no caller was refused with “${refusal}”`];
      return refusals
        .filter((r) => r !== refusal && !roleRefusal.test(r))
        .map((r) => `${row.route}: refused with “${r}”`);
    });
    expect(wrong).toEqual([]);
  });

  it('keeps every table a signed-in answer kept in memory reads under a version trigger (changesVersion)', async () => {
    const { rows } = await t.db.execute<{ table: string; versioned: boolean }>(sql`
      select c.relname as table, exists (
        select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgfoid = 'bump_change_version'::regproc
      ) as versioned
      from pg_class c where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace`);
    const versioned = new Map(rows.map((row) => [row.table, row.versioned]));
    const unversioned = [...privateAnswerReads].flatMap(([route, tables]) =>
      [...tables]
        .filter((table) => versioned.get(table) === false && table !== 'change_versions')
        .map((table) => `${route}: ${table}`),
    );
    expect(privateAnswerReads.size).toBeGreaterThan(8);
    expect(unversioned).toEqual([]);
  });

  it('leaves the data consistent after every cell', async () => {
    expect(await invariantViolations(t.db)).toEqual([]);
  });
});
