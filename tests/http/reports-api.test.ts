import { afterAll, describe, expect, it } from 'vitest';
import { createBook, createCategory } from '../support/factories.ts';
import { createTestApp, errorOf } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const t = await createTestApp();
afterAll(() => t.close());
const [seller, buyer, admin] = await Promise.all([t.newUser('Seller'), t.newUser('Buyer'), t.newUser('Admin')]);
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
      .as(await t.newUser('Seller'))
      .books.report[':id'].$put({ param: { id: book.id }, json: { reason: '  Pages are missing  ' } });
    expect(second.status).toBe(200);
    expect(await listed()).toEqual([true, true, true]);

    const third = await t
      .as(await t.newUser('Buyer'))
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

  it('dismissing the reports puts the book back on every public list (and lets users report it again)', async () => {
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
    expect((await t.as(buyer).books.report[':id'].$put({ param: { id: book.id }, json: {} })).status).toBe(200);
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
    expect(Object.keys(doc.paths['/api/books/{categoryNameOrId}']!).sort()).toEqual(['delete', 'get', 'put']);
  });
});
