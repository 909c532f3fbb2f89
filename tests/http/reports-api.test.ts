import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { reports } from '#server/db/schema/catalog.ts';
import { ageAccount, countingReporter, createBook, createCategory } from '../support/factories.ts';
import { invariantViolations } from '../support/invariants.ts';
import { createTestApp, errorOf, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const t = await createTestApp();
afterAll(() => t.close());
// `buyer` is an account whose reports count (confirmed, two days old): REPORT_MIN_ACCOUNT_AGE is a day here.
const [seller, buyer, admin] = await Promise.all([
  t.newUser('Seller'),
  t.newUser('Buyer', countingReporter()),
  t.newUser('Admin'),
]);
const category = await createCategory(t.db, { name: 'Travel' });

async function publicIds() {
  const query = { limit: '100' };
  const [home, all, category] = await Promise.all([
    t.api.books.addvertise.$get({ query }),
    t.api.allbooks.$get({ query }),
    t.api.books[':categoryName'].$get({ param: { categoryName: 'Travel' }, query }),
  ]);
  return {
    home: (await jsonOf(home, 200)).map((b) => b._id),
    all: (await jsonOf(all, 200)).map((b) => b._id),
    category: (await jsonOf(category, 200)).map((b) => b._id),
  };
}

const dismissedBefore =
  'You reported this book before and an admin dismissed that report, so you cannot report it again';

async function reportedItems(as = admin) {
  const res = await t.as(as).reportItems.$get({ query: { limit: '100' } });
  return await jsonOf(res, 200);
}

describe('PUT /api/books/report/{id}', () => {
  it('queues a reported book for the admins, once per user, and hides it at the third reporter', async () => {
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id, advertised: true });
    const listed = async () => {
      const ids = await publicIds();
      return [ids.home, ids.all, ids.category].map((list) => list.includes(book.id));
    };
    expect(await listed()).toEqual([true, true, true]);

    const first = await t.as(buyer).books.report[':id'].$put({ param: { id: book.id }, json: {} });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await listed()).toEqual([true, true, true]);
    expect((await reportedItems()).find((b) => b._id === book.id)).toMatchObject({ reportCount: 1, hidden: false });

    const twice = await t.as(buyer).books.report[':id'].$put({ param: { id: book.id }, json: {} });
    expect(await errorOf(twice, 409)).toEqual({ error: 'You have already reported this book', code: 'CONFLICT' });

    const started = Date.now();
    const second = await t
      .as(await t.newUser('Seller', countingReporter()))
      .books.report[':id'].$put({ param: { id: book.id }, json: { reason: '  Pages are missing  ' } });
    expect(second.status).toBe(200);
    expect(await listed()).toEqual([true, true, true]);

    const third = await t
      .as(await t.newUser('Buyer', countingReporter()))
      .books.report[':id'].$put({ param: { id: book.id }, json: { reason: 'Not the edition shown' } });
    expect(third.status).toBe(200);
    expect(await listed()).toEqual([false, false, false]);

    const item = (await reportedItems()).find((b) => b._id === book.id)!;
    expect(item).toMatchObject({
      reportCount: 3,
      hidden: true,
      lastReason: 'Not the edition shown',
      reasons: ['Not the edition shown', 'Pages are missing'],
    });
    expect(Date.parse(item.lastReportedAt!)).toBeGreaterThanOrEqual(started - 1000);
  });

  it('refuses to report a sold book', async () => {
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id, status: 'Sold' });
    const res = await t.as(buyer).books.report[':id'].$put({ param: { id: book.id }, json: {} });
    expect(await errorOf(res, 409)).toEqual({
      error: 'This book is sold, so it can no longer be reported',
      code: 'CONFLICT',
    });
  });

  it('refuses your own book, visitors, unknown and malformed ids, and a reason too long', async () => {
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id });
    const own = await t.as(seller).books.report[':id'].$put({ param: { id: book.id }, json: {} });
    expect(await errorOf(own, 403)).toEqual({ error: 'You cannot report your own book', code: 'FORBIDDEN' });
    const visitor = await t.api.books.report[':id'].$put({ param: { id: book.id }, json: {} });
    expect(visitor.status).toBe(401);
    expect((await t.as(buyer).books.report[':id'].$put({ param: { id: crypto.randomUUID() }, json: {} })).status).toBe(
      404,
    );
    expect((await t.as(buyer).books.report[':id'].$put({ param: { id: '42' }, json: {} })).status).toBe(400);
    const long = await t
      .as(buyer)
      .books.report[':id'].$put({ param: { id: book.id }, json: { reason: 'x'.repeat(501) } });
    expect(await errorOf(long, 400)).toMatchObject({ code: 'BAD_REQUEST', field: 'reason' });
    expect(await reportedItems()).not.toContainEqual(expect.objectContaining({ _id: book.id }));
  });

  it('records one report when the same user reports many times at once', async () => {
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id });
    const reporter = await t.newUser('Buyer');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.as(reporter).books.report[':id'].$put({ param: { id: book.id }, json: {} })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await reportedItems()).find((b) => b._id === book.id)?.reportCount).toBe(1);
  });
});

describe('admin review of reported books', () => {
  it('lists only reported books, most recently reported first, to admins only', async () => {
    const older = await createBook(t.db, { sellerId: seller.id, categoryId: category.id });
    const newer = await createBook(t.db, { sellerId: seller.id, categoryId: category.id });
    await t.as(buyer).books.report[':id'].$put({ param: { id: older.id }, json: {} });
    await t.as(buyer).books.report[':id'].$put({ param: { id: newer.id }, json: {} });
    const res = await t.as(admin).reportItems.$get({ query: { limit: '2' } });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    expect((await jsonOf(res, 200)).map((b) => b._id)).toEqual([newer.id, older.id]);

    expect((await t.as(seller).reportItems.$get({ query: {} })).status).toBe(403);
    expect((await t.as(buyer).reportItems.$get({ query: {} })).status).toBe(403);
    expect((await t.api.reportItems.$get({ query: {} })).status).toBe(401);
  });

  it('dismissing the reports puts the book back on every public list (and lets other users report it)', async () => {
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id, advertised: true });
    await t.as(buyer).books.report[':id'].$put({ param: { id: book.id }, json: {} });
    expect((await t.as(seller).reportItems[':bookId'].$delete({ param: { bookId: book.id } })).status).toBe(403);
    expect((await t.api.reportItems[':bookId'].$delete({ param: { bookId: book.id } })).status).toBe(401);

    const res = await t.as(admin).reportItems[':bookId'].$delete({ param: { bookId: book.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const lists = await publicIds();
    expect([lists.home, lists.all, lists.category].every((ids) => ids.includes(book.id))).toBe(true);
    expect(await reportedItems()).not.toContainEqual(expect.objectContaining({ _id: book.id }));

    const again = await t.as(admin).reportItems[':bookId'].$delete({ param: { bookId: book.id } });
    expect(await errorOf(again, 409)).toEqual({ error: 'This book has no reports to dismiss', code: 'CONFLICT' });
    const same = await t.as(buyer).books.report[':id'].$put({ param: { id: book.id }, json: {} });
    expect(await errorOf(same, 409)).toEqual({ error: dismissedBefore, code: 'CONFLICT' });
    const other = await t.newUser('Buyer', countingReporter());
    expect((await t.as(other).books.report[':id'].$put({ param: { id: book.id }, json: {} })).status).toBe(200);
  });

  it('removing a reported book deletes it for good; a book that is not reported cannot be removed here', async () => {
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id, status: 'Booked' });
    const clean = await t.as(admin).reportItems[':bookId'].book.$delete({ param: { bookId: book.id } });
    expect(await errorOf(clean, 409)).toEqual({ error: 'Only a reported book can be removed here', code: 'CONFLICT' });

    await t.as(buyer).books.report[':id'].$put({ param: { id: book.id }, json: {} });
    expect((await t.as(buyer).reportItems[':bookId'].book.$delete({ param: { bookId: book.id } })).status).toBe(403);
    const res = await t.as(admin).reportItems[':bookId'].book.$delete({ param: { bookId: book.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const mine = await t.as(seller).books.$get({ query: { email: seller.email, limit: '100' } });
    expect((await jsonOf(mine, 200)).map((b) => b._id)).not.toContain(book.id);
    expect((await t.as(admin).reportItems[':bookId'].book.$delete({ param: { bookId: book.id } })).status).toBe(404);
    expect((await t.as(admin).reportItems[':bookId'].book.$delete({ param: { bookId: 'nope' } })).status).toBe(400);
  });

  it('documents the report and listing routes in the OpenAPI document', async () => {
    const doc = (await (await t.call('GET', '/api/openapi.json')).json()) as { paths: Record<string, object> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/upload',
        '/api/books',
        '/api/books/{categoryNameOrId}',
        '/api/booking/books/{id}',
        '/api/books/report/{id}',
        '/api/reportItems',
        '/api/reportItems/{bookId}',
        '/api/reportItems/{bookId}/book',
      ]),
    );
    expect(Object.keys(doc.paths['/api/books/{categoryNameOrId}']!).sort()).toEqual(['delete', 'get', 'patch', 'put']);
  });
});

const day = 86_400_000;
const report = (who: TestUser, id: string, reason?: string) =>
  t.as(who).books.report[':id'].$put({ param: { id }, json: reason === undefined ? {} : { reason } });

/** A new advertised book of `seller` in Travel, named with a word of its own so that a search finds it. */
/** A listed, advertised book, written behind the app's back: its caches are told, as after a write of its own. */
async function listedBook(word: string) {
  const book = await createBook(t.db, {
    sellerId: seller.id,
    categoryId: category.id,
    advertised: true,
    bookName: `${word} ${crypto.randomUUID().slice(0, 8)}`,
  });
  t.sawWrites();
  return book;
}

/** Where the public sees the book: Home's advertised, all books, its category, a search for its title, its page. */
async function whereShown(book: { id: string; bookName: string }) {
  const ids = await publicIds();
  const found = await jsonOf(await t.api.search.$get({ query: { q: book.bookName, limit: '100' } }), 200);
  const page = await t.api.books.item[':id'].$get({ param: { id: book.id } });
  return {
    home: ids.home.includes(book.id),
    all: ids.all.includes(book.id),
    category: ids.category.includes(book.id),
    search: found.some((b) => b._id === book.id),
    page: page.status === 200,
  };
}
const everywhere = { home: true, all: true, category: true, search: true, page: true };
const nowhere = { home: false, all: false, category: false, search: false, page: false };

/** The broken rules of the books' report flags (the file's sold books, made by hand, break those of orders). */
const reportViolations = async () => (await invariantViolations(t.db)).filter((rule) => rule.includes('report'));

async function queued(bookId: string) {
  return (await reportedItems()).find((b) => b._id === bookId);
}

const countingReporters = (n: number) =>
  Promise.all(Array.from({ length: n }, () => t.newUser('Buyer', countingReporter())));

const banned = 'An admin has banned your account from reporting books';

describe('which reports count toward hiding a book (REPORT_MIN_ACCOUNT_AGE unset: a day)', () => {
  it('three fresh accounts with unconfirmed addresses report a book: it stays listed, in the queue with none counting', async () => {
    const book = await listedBook('Quokka');
    const fresh = await Promise.all([1, 2, 3].map(() => t.newUser('Buyer')));
    for (const who of fresh) expect((await report(who, book.id, 'Fake')).status).toBe(200);

    expect(await whereShown(book)).toEqual(everywhere);
    const item = await queued(book.id);
    expect(item).toMatchObject({ reportCount: 3, countingReports: 0, hidden: false });
    expect(item?.reports.map((r) => r.counts)).toEqual([false, false, false]);
    const booking = await t.as(buyer).booking.$post({ json: { bookId: book.id, contact: '+1 555 0100' } });
    expect(booking.status).toBe(200);
  });

  it('a confirmed account younger than a day, or an old one unconfirmed, does not count; nor later, once it is a day old', async () => {
    const book = await listedBook('Marmalade');
    const [first, second, third] = await countingReporters(3);
    const confirmedNew = await t.newUser('Buyer', { emailVerified: true });
    const oldUnconfirmed = await t.newUser('Buyer', { createdAt: new Date(Date.now() - 2 * day) });
    for (const who of [first!, second!, confirmedNew, oldUnconfirmed]) {
      expect((await report(who, book.id)).status).toBe(200);
    }
    expect(await whereShown(book)).toEqual(everywhere);
    expect(await queued(book.id)).toMatchObject({ reportCount: 4, countingReports: 2, hidden: false });

    // A day later the new account would count, but its report was made when it did not: it is counted as made.
    await ageAccount(t.db, confirmedNew.id, 2 * day);
    expect((await report(await t.newUser('Buyer'), book.id)).status).toBe(200);
    expect(await whereShown(book)).toEqual(everywhere);
    expect(await queued(book.id)).toMatchObject({ reportCount: 5, countingReports: 2, hidden: false });

    expect((await report(third!, book.id)).status).toBe(200);
    expect(await whereShown(book)).toEqual(nowhere);
    expect(await queued(book.id)).toMatchObject({ reportCount: 6, countingReports: 3, hidden: true });
  });

  it('three confirmed accounts older than a day hide it: off every list, search and its page, and not bookable', async () => {
    const book = await listedBook('Pangolin');
    const reporters = await countingReporters(3);
    for (const [i, who] of reporters.entries()) {
      expect(await whereShown(book)).toEqual(everywhere);
      expect((await report(who, book.id)).status).toBe(200);
      expect(await queued(book.id)).toMatchObject({ reportCount: i + 1, countingReports: i + 1, hidden: i === 2 });
    }
    expect(await whereShown(book)).toEqual(nowhere);
    const booking = await t.as(buyer).booking.$post({ json: { bookId: book.id, contact: '+1 555 0100' } });
    expect((await errorOf(booking, 409)).error).toMatch(/reported/);
    expect(await reportViolations()).toEqual([]);
  });

  it('after a dismissal the book is back, and its three reporters are refused and cannot hide it again', async () => {
    const book = await listedBook('Narwhal');
    const reporters = await countingReporters(3);
    for (const who of reporters) expect((await report(who, book.id)).status).toBe(200);
    expect(await whereShown(book)).toEqual(nowhere);

    const dismissed = await t.as(admin).reportItems[':bookId'].$delete({ param: { bookId: book.id } });
    expect(await jsonOf(dismissed, 200)).toEqual({ acknowledged: true, deletedCount: 3 });
    expect(await whereShown(book)).toEqual(everywhere);

    for (const who of reporters) {
      expect(await errorOf(await report(who, book.id, 'Again'), 409)).toEqual({
        error: dismissedBefore,
        code: 'CONFLICT',
      });
    }
    expect(await whereShown(book)).toEqual(everywhere);
    expect(await queued(book.id)).toBeUndefined();
    const kept = await t.db.select().from(reports).where(eq(reports.bookId, book.id));
    expect(kept).toHaveLength(3);
    for (const row of kept) {
      expect(row).toMatchObject({ dismissedBy: admin.id, reason: null });
      expect(row.dismissedAt).toBeInstanceOf(Date);
    }

    // Someone else may still report it: the queue shows only that report, and one report does not hide it.
    const other = (await countingReporters(1))[0]!;
    expect((await report(other, book.id)).status).toBe(200);
    const item = await queued(book.id);
    expect(item).toMatchObject({ reportCount: 1, countingReports: 1, hidden: false });
    expect(item?.reports.map((r) => r.reporterId)).toEqual([other.id]);
    expect(await whereShown(book)).toEqual(everywhere);
    expect(await reportViolations()).toEqual([]);
  });
});

describe('banning a reporter', () => {
  const ban = (id: string, as = admin) => t.as(as).reporters[':id'].ban.$put({ param: { id } });
  const unban = (id: string, as = admin) => t.as(as).reporters[':id'].ban.$delete({ param: { id } });

  it('their reports count no more and new ones are refused (403); lifting the ban restores both', async () => {
    const book = await listedBook('Wombat');
    const elsewhere = await listedBook('Axolotl');
    const [abuser, ...others] = await countingReporters(3);
    for (const who of [abuser!, ...others]) expect((await report(who, book.id, 'Scam')).status).toBe(200);
    expect(await whereShown(book)).toEqual(nowhere);

    expect(await jsonOf(await ban(abuser!.id), 200)).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await whereShown(book)).toEqual(everywhere);
    const item = await queued(book.id);
    expect(item).toMatchObject({ reportCount: 3, countingReports: 2, hidden: false });
    const theirs = item?.reports.find((r) => r.reporterId === abuser!.id);
    expect(theirs).toMatchObject({ counts: false, reporterBannedBy: admin.name });
    expect(Date.parse(theirs!.reporterBannedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await t.db
      .select({ at: user.reportingBannedAt, by: user.reportingBannedBy })
      .from(user)
      .where(eq(user.id, abuser!.id));
    expect(row).toMatchObject({ by: admin.id, at: expect.any(Date) });

    expect(await errorOf(await report(abuser!, elsewhere.id), 403)).toEqual({ error: banned, code: 'FORBIDDEN' });
    expect(await queued(elsewhere.id)).toBeUndefined();

    expect(await errorOf(await ban(abuser!.id), 409)).toEqual({
      error: 'This account is already banned from reporting',
      code: 'CONFLICT',
    });
    expect(await jsonOf(await unban(abuser!.id), 200)).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await whereShown(book)).toEqual(nowhere);
    expect(await queued(book.id)).toMatchObject({ countingReports: 3, hidden: true });
    expect((await report(abuser!, elsewhere.id)).status).toBe(200);
    expect(await errorOf(await unban(abuser!.id), 409)).toEqual({
      error: 'This account is not banned from reporting',
      code: 'CONFLICT',
    });
    expect(await reportViolations()).toEqual([]);
  });

  it('refuses unknown, closed and malformed ids, the admin themself, and everyone but admins', async () => {
    const target = await t.newUser('Buyer');
    expect((await ban(crypto.randomUUID())).status).toBe(404);
    expect((await unban(crypto.randomUUID())).status).toBe(404);
    expect((await ban('nope')).status).toBe(400);
    expect(await errorOf(await ban(admin.id), 409)).toEqual({
      error: 'You cannot ban yourself from reporting',
      code: 'CONFLICT',
    });
    for (const who of [buyer, seller, target]) expect((await ban(target.id, who)).status).toBe(403);
    expect((await t.api.reporters[':id'].ban.$put({ param: { id: target.id } })).status).toBe(401);

    const closed = await t.newUser('Buyer');
    expect((await t.as(admin).users[':id'].$delete({ param: { id: closed.id } })).status).toBe(200);
    expect((await ban(closed.id)).status).toBe(404);
    const [row] = await t.db
      .select({ at: user.reportingBannedAt })
      .from(user)
      .where(and(eq(user.id, target.id)));
    expect(row?.at).toBeNull();
  });

  it('a ban racing the reporter’s own report: the report is refused, or kept but never counts', async () => {
    const outcomes: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      const book = await listedBook('Racing');
      for (const who of await countingReporters(2)) expect((await report(who, book.id)).status).toBe(200);
      const abuser = (await countingReporters(1))[0]!;
      const [reported, bannedNow] = await Promise.all([report(abuser, book.id), ban(abuser.id)]);
      expect(bannedNow.status).toBe(200);
      expect([200, 403]).toContain(reported.status);
      outcomes.push(reported.status);
      expect(await queued(book.id)).toMatchObject({ countingReports: 2, hidden: false });
      expect(await whereShown(book)).toEqual(everywhere);
    }
    console.log(`report racing its reporter's ban (8 rounds): ${outcomes.join(' ')}`);
    expect(await reportViolations()).toEqual([]);
  });
});

describe("the admins' queue names the reporters", () => {
  it('each report with its reporter: name, email, when, reason, whether it counts, and their dismissed reports', async () => {
    const book = await listedBook('Capybara');
    const earlier = await listedBook('Okapi');
    const ada = await t.newUser('Buyer', { ...countingReporter(), name: 'Ada Reporter' });
    const bo = await t.newUser('Buyer', { name: 'Bo Fresh' });
    expect((await report(bo, earlier.id)).status).toBe(200);
    expect((await t.as(admin).reportItems[':bookId'].$delete({ param: { bookId: earlier.id } })).status).toBe(200);

    const started = Date.now();
    expect((await report(ada, book.id, 'Stolen copy')).status).toBe(200);
    expect((await report(bo, book.id)).status).toBe(200);
    const item = await queued(book.id);
    expect(item).toMatchObject({ reportCount: 2, countingReports: 1, reasons: ['Stolen copy'] });
    expect(item?.reports).toEqual([
      {
        reporterId: bo.id,
        reporterName: 'Bo Fresh',
        reporterEmail: bo.email,
        reportedAt: expect.any(String),
        reason: null,
        counts: false,
        reporterBannedAt: null,
        reporterBannedBy: null,
        reporterDismissedReports: 1,
      },
      {
        reporterId: ada.id,
        reporterName: 'Ada Reporter',
        reporterEmail: ada.email,
        reportedAt: expect.any(String),
        reason: 'Stolen copy',
        counts: true,
        reporterBannedAt: null,
        reporterBannedBy: null,
        reporterDismissedReports: 0,
      },
    ]);
    const [newest, oldest] = item!.reports.map((r) => Date.parse(r.reportedAt));
    expect(oldest).toBeGreaterThanOrEqual(started - 1000);
    expect(newest).toBeGreaterThanOrEqual(oldest!);
  });
});
