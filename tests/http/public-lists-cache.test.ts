import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingReporter, createCategory } from '../support/factories.ts';
import { bookAs, payInFull } from '../support/orders.ts';
import { createTestApp, secondServer, type TestApp, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';
import { uploadedImageUrl } from '../support/uploads.ts';

type Listed = { _id: string; SellerName: string; sellerVerified: boolean };
type Call = TestApp['call'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function list(call: Call, url: string) {
  const res = await call('GET', url);
  expect(res.status).toBe(200);
  return { books: (await res.json()) as Listed[], total: Number(res.headers.get('x-total-count')) };
}
const ids = async (call: Call, url: string) => (await list(call, url)).books.map((b) => b._id);

/** Every public list a book can be on: home's advertised list, all books, and its category. */
async function everyList(call: Call, category: string) {
  return {
    home: await ids(call, '/api/books/addvertise?limit=100'),
    all: await ids(call, '/api/allbooks?limit=100'),
    category: await ids(call, `/api/books/${encodeURIComponent(category)}?limit=100`),
  };
}

async function addBook(t: TestApp, seller: TestUser, category: string): Promise<string> {
  const res = await t.as(seller).books.$post({
    json: {
      bookName: 'Cached Tales',
      originalPrice: 20,
      resalePrice: 10,
      condition: 'Good',
      booksCategory: category,
      image: await uploadedImageUrl(t, seller),
      phone: '+1 415 555 0100',
      location: 'Main Street',
      description: 'A copy for the cache tests.',
      purchaseYear: '2024-01-01',
    },
  });
  expect(res.status).toBe(201);
  return (await jsonOf(res, 201)).insertedId;
}

describe('on one server, a write changes the public lists at once', () => {
  let t: TestApp;
  let seller: TestUser;
  let admin: TestUser;
  let category: string;
  beforeAll(async () => {
    // A minute-long window: only the writes this server answers can make its lists change here.
    t = await createTestApp({ CACHE_MAX_STALENESS_MS: '60000', REPORT_HIDE_THRESHOLD: '1' });
    [seller, admin] = await Promise.all([t.newUser('Seller', { name: 'Cass Seller' }), t.newUser('Admin')]);
    category = (await createCategory(t.db)).name;
  });
  afterAll(() => t.close());

  it('adding, advertising and deleting a book', async () => {
    const empty = await everyList(t.call, category);
    const allBefore = (await list(t.call, '/api/allbooks')).total;
    expect(empty.category).toEqual([]);

    const id = await addBook(t, seller, category);
    const added = await everyList(t.call, category);
    expect(added.category).toEqual([id]);
    expect(added.all).toContain(id);
    expect(added.home).not.toContain(id);
    expect((await list(t.call, '/api/allbooks')).total).toBe(allBefore + 1);

    expect((await t.as(seller).books[':id'].$put({ param: { id } })).status).toBe(200);
    expect((await everyList(t.call, category)).home).toContain(id);

    expect((await t.as(seller).books[':id'].$delete({ param: { id } })).status).toBe(200);
    const gone = await everyList(t.call, category);
    expect([...gone.home, ...gone.all, ...gone.category]).not.toContain(id);
    expect((await list(t.call, '/api/allbooks')).total).toBe(allBefore);
  });

  it('reporting a book, dismissing the report, and removing a reported book', async () => {
    const id = await addBook(t, seller, category);
    const reporter = await t.newUser('Buyer', countingReporter());
    expect((await t.as(reporter).books.report[':id'].$put({ param: { id }, json: {} })).status).toBe(200);
    expect((await everyList(t.call, category)).category).not.toContain(id);

    expect((await t.as(admin).reportItems[':bookId'].$delete({ param: { bookId: id } })).status).toBe(200);
    expect((await everyList(t.call, category)).category).toContain(id);

    const another = await t.newUser('Buyer', countingReporter());
    expect((await t.as(another).books.report[':id'].$put({ param: { id }, json: {} })).status).toBe(200);
    expect((await everyList(t.call, category)).category).not.toContain(id);
    expect((await t.as(admin).reportItems[':bookId'].$delete({ param: { bookId: id } })).status).toBe(200);
    expect((await everyList(t.call, category)).category).toContain(id);
    const third = await t.newUser('Buyer', countingReporter());
    expect((await t.as(third).books.report[':id'].$put({ param: { id }, json: {} })).status).toBe(200);
    expect((await t.as(admin).reportItems[':bookId'].book.$delete({ param: { bookId: id } })).status).toBe(200);
    const gone = await everyList(t.call, category);
    expect([...gone.all, ...gone.category]).not.toContain(id);
  });

  it('banning the reporter who hid a book, and lifting the ban', async () => {
    const id = await addBook(t, seller, category);
    const reporter = await t.newUser('Buyer', countingReporter());
    expect((await t.as(reporter).books.report[':id'].$put({ param: { id }, json: {} })).status).toBe(200);
    expect((await everyList(t.call, category)).category).not.toContain(id);

    expect((await t.as(admin).reporters[':id'].ban.$put({ param: { id: reporter.id } })).status).toBe(200);
    expect((await everyList(t.call, category)).category).toContain(id);
    expect((await t.as(admin).reporters[':id'].ban.$delete({ param: { id: reporter.id } })).status).toBe(200);
    expect((await everyList(t.call, category)).category).not.toContain(id);
  });

  it('booking a book, deleting the booking, booking and paying', async () => {
    const id = await addBook(t, seller, category);
    const buyer = await t.newUser('Buyer');
    const bookingId = await bookAs(t, buyer, id);
    expect((await everyList(t.call, category)).category).not.toContain(id);

    expect((await t.as(buyer).wishList[':id'].$delete({ param: { id: bookingId } })).status).toBe(200);
    expect((await everyList(t.call, category)).category).toContain(id);

    await payInFull(t, buyer, await bookAs(t, buyer, id));
    const sold = await everyList(t.call, category);
    expect([...sold.all, ...sold.category]).not.toContain(id);
  });

  it("a seller's new name, their verification and their deletion", async () => {
    const someone = await t.newUser('Seller', { name: 'Old Name' });
    const id = await addBook(t, someone, category);
    const shown = async () => (await list(t.call, `/api/books/${encodeURIComponent(category)}?limit=100`)).books;
    expect((await shown()).find((b) => b._id === id)).toMatchObject({ SellerName: 'Old Name', sellerVerified: false });

    const renamed = await t.as(someone).users.me.$put({ json: { displayName: 'New Name', photoURL: '' } });
    expect(renamed.status).toBe(200);
    expect((await shown()).find((b) => b._id === id)?.SellerName).toBe('New Name');

    expect((await t.as(admin).users.seller[':id'].$put({ param: { id: someone.id } })).status).toBe(200);
    expect((await shown()).find((b) => b._id === id)?.sellerVerified).toBe(true);

    expect((await t.as(admin).users[':id'].$delete({ param: { id: someone.id } })).status).toBe(200);
    expect((await shown()).map((b) => b._id)).not.toContain(id);
  });

  it('answers 304 to a client holding the current list, and the new list with a new ETag after a change', async () => {
    const categoryPage = (headers: Record<string, string> = {}) =>
      t.api.books[':categoryName'].$get(
        { param: { categoryName: encodeURIComponent(category) }, query: {} },
        { headers },
      );
    const first = await categoryPage();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');

    const unchanged = await categoryPage({ 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    await addBook(t, seller, category);
    const changed = await categoryPage({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('compresses a list for clients that accept it, to the same JSON', async () => {
    for (let i = 0; i < 3; i++) await addBook(t, seller, category); // over the 1 KB worth compressing
    const allBooks = (headers: Record<string, string> = {}) =>
      t.api.allbooks.$get({ query: { limit: '100' } }, { headers });
    const plain = await allBooks();
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');

    const gzip = await allBooks({ 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text);

    const br = await allBooks({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const refused = await allBooks({ 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });
});

describe('two servers on one database', () => {
  const windowMs = 200;
  let t: TestApp;
  let other: Call;
  let seller: TestUser;
  let category: string;
  beforeAll(async () => {
    t = await createTestApp({ CACHE_MAX_STALENESS_MS: String(windowMs) });
    other = secondServer(t, windowMs).call;
    seller = await t.newUser('Seller');
    category = (await createCategory(t.db)).name;
  });
  afterAll(() => t.close());

  it('a write through one server shows on the other once its staleness window has passed', async () => {
    const id = await addBook(t, seller, category);
    expect((await everyList(other, category)).home).not.toContain(id); // the other server caches the list…
    expect((await other('PUT', `/api/books/${id}`, { as: seller })).status).toBe(200); // …and advertises it
    expect((await everyList(other, category)).home).toContain(id);

    await sleep(windowMs + 50);
    expect((await everyList(t.call, category)).home).toContain(id);
    expect((await t.as(seller).books[':id'].$delete({ param: { id } })).status).toBe(200);
    expect((await everyList(t.call, category)).category).not.toContain(id);
    await sleep(windowMs + 50);
    expect((await everyList(other, category)).category).not.toContain(id);
  });

  it('a change made in the database by anyone (a new category, a renamed seller) shows within the window', async () => {
    const id = await addBook(t, seller, category);
    await list(other, '/api/booksCategory');
    await list(other, `/api/books/${encodeURIComponent(category)}`);

    const added = await createCategory(t.db);
    await t.db.execute(sql`update "user" set name = 'Renamed In SQL' where id = ${seller.id}`);
    await sleep(windowMs + 50);

    const categories = (await (await other('GET', '/api/booksCategory')).json()) as { name: string }[];
    expect(categories.map((c) => c.name)).toContain(added.name);
    const books = (await list(other, `/api/books/${encodeURIComponent(category)}`)).books;
    expect(books.find((b) => b._id === id)?.SellerName).toBe('Renamed In SQL');
  });

  it('a transaction that rolls back changes nothing, and one still open is not seen', async () => {
    const before = await t.db.execute<{ v: string }>(sql`select sum(catalog)::text as v from change_versions`);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update books set advertised = not advertised`);
        tx.rollback();
      })
      .catch(() => {});
    const after = await t.db.execute<{ v: string }>(sql`select sum(catalog)::text as v from change_versions`);
    expect(after.rows[0]!.v).toBe(before.rows[0]!.v);

    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update books set location = location`);
      const seen = await t.db.execute<{ v: string }>(sql`select sum(catalog)::text as v from change_versions`);
      expect(seen.rows[0]!.v).toBe(before.rows[0]!.v);
    });
    const committed = await t.db.execute<{ v: string }>(sql`select sum(catalog)::text as v from change_versions`);
    expect(BigInt(committed.rows[0]!.v)).toBe(BigInt(before.rows[0]!.v) + 1n);
  });
});
