import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { bookDrafts } from '#server/db/schema/shelf.ts';
import { notifications } from '#server/db/schema/wanted.ts';
import { waitInWords } from '#shared/durations.ts';
import { en } from '#shared/i18n/english.ts';
import { createCategory } from '../support/factories.ts';
import { createTestApp, errorOf, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';
import { uploadedImageUrl } from '../support/uploads.ts';

// Drafts: the seller fills them in (each field checked as the add-a-book form checks it), publishes them through
// the add-a-book path (one by one or many at once, all or none, within LISTING_LIMIT counted per book), or
// discards them. Here LISTING_LIMIT is 5 in 10 minutes.

const t = await createTestApp({ LISTING_LIMIT: '5/10m,50/1d' });
afterAll(() => t.close());
const category = (await createCategory(t.db)).name;
const m = en.shelf;

let isbns = 0;
/** A valid ISBN-13 no other draft of this file has. */
function nextIsbn() {
  isbns += 1;
  const first12 = `978190${String(isbns).padStart(6, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(first12[i]);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** Drafts of `seller`, as an import would leave them (titles and ISBNs), answered in order. */
async function draftsOf(seller: TestUser, titles: string[]) {
  const rows = await t.db
    .insert(bookDrafts)
    .values(
      titles.map((bookName) => ({
        sellerId: seller.id,
        bookName,
        isbn: nextIsbn(),
        lookup: 'found' as const,
        description: `${bookName}.`,
      })),
    )
    .returning({ id: bookDrafts.id });
  return rows.map((row) => row.id);
}

/** What the seller types on a draft's row to make it ready. */
async function readyFields(seller: TestUser) {
  return {
    condition: 'Good' as const,
    defects: ['notes_or_highlighting' as const],
    resalePrice: '6.50',
    originalPrice: 20,
    image: await uploadedImageUrl(t, seller),
    booksCategory: category,
    phone: '+1 415 555 0100',
    location: 'Town library',
    purchaseYear: '2021-03-04',
  };
}
const update = (seller: TestUser, id: string, json: Record<string, unknown>) =>
  t.as(seller).shelf.drafts[':id'].$put({ param: { id }, json });
const publish = (seller: TestUser, ids: string[]) => t.as(seller).shelf.drafts.publish.$post({ json: { ids } });
const listed = async (seller: TestUser) =>
  (await t.db.select({ id: books.id }).from(books).where(eq(books.sellerId, seller.id))).length;

describe('drafts', () => {
  it('fills a draft field by field, each checked; it is ready once nothing is missing', async () => {
    const seller = await t.newUser('Seller');
    const [id] = await draftsOf(seller, ['The Waves']);
    const bad = [
      [{ phone: 'call me' }, 'phone', en.addBook.phoneInvalid],
      [{ resalePrice: '-3' }, 'resalePrice', m.priceInvalid],
      [{ resalePrice: '1.234' }, 'resalePrice', m.priceInvalid],
      [{ condition: 'Mint' }, 'condition', m.conditionInvalid],
      [{ purchaseYear: '2020-13-45' }, 'purchaseYear', en.addBook.dateInvalid],
      [{ defects: ['coffee'] }, 'defects.0', m.defectInvalid],
      [
        { image: '/images/not-mine.webp' },
        'image',
        'upload the photo with POST /api/upload and send the URL it answered',
      ],
    ] as const;
    for (const [json, field, error] of bad) {
      expect(await errorOf(await update(seller, id!, json), 400), JSON.stringify(json)).toMatchObject({ field, error });
    }
    // Another seller's picture is not this seller's to use.
    const other = await t.newUser('Seller');
    const theirs = await update(seller, id!, { image: await uploadedImageUrl(t, other) });
    expect(await errorOf(theirs, 400)).toMatchObject({ field: 'image' });

    const filled = await jsonOf(await update(seller, id!, await readyFields(seller)), 200);
    expect(filled).toMatchObject({
      resalePrice: 6.5,
      originalPrice: 20,
      defects: ['notes_or_highlighting'],
      missing: [],
    });
    expect(filled.thumbnail).toMatch(/-400\.webp$/);
    const cleared = await jsonOf(await update(seller, id!, { phone: null }), 200);
    expect(cleared.missing).toEqual(['phone']);
    const ready = await jsonOf(await t.as(seller).shelf.drafts.$get({ query: { ready: 'true' } }), 200);
    expect(ready).toEqual([]);
  });

  it('publishes one draft as the add-a-book form lists a book: the listing, its Wanted alert once, the draft gone', async () => {
    const seller = await t.newUser('Seller');
    const buyer = await t.newUser('Buyer');
    const [id] = await draftsOf(seller, ['Orlando']);
    const [draft] = await t.db.select().from(bookDrafts).where(eq(bookDrafts.id, id!));
    expect((await t.as(buyer).wanted.$post({ json: { isbn: draft!.isbn! } })).status).toBe(201);
    await jsonOf(await update(seller, id!, await readyFields(seller)), 200);

    const { published } = await jsonOf(await publish(seller, [id!]), 201);
    expect(published).toEqual([{ draftId: id, bookId: expect.any(String) }]);
    await t.runJobs();
    t.sawWrites();
    const book = await jsonOf(await t.api.books.item[':id'].$get({ param: { id: published[0]!.bookId } }), 200);
    expect(book).toMatchObject({
      bookName: 'Orlando',
      isbn: draft!.isbn,
      condition: 'Good',
      resalePrice: 6.5,
      defects: ['notes_or_highlighting'],
      status: 'Available',
    });
    const alerts = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(alerts).toHaveLength(1);
    expect(await t.db.select().from(bookDrafts).where(eq(bookDrafts.id, id!))).toEqual([]);
    // Published already: it is no draft any more.
    expect(await errorOf(await publish(seller, [id!]), 404)).toMatchObject({ error: m.noDraft });
  });

  it('publishes a batch all or none: a draft not ready names what it lacks and nothing is listed', async () => {
    const seller = await t.newUser('Seller');
    const ids = await draftsOf(seller, ['One', 'Two', 'Three']);
    for (const id of ids.slice(0, 2)) await jsonOf(await update(seller, id, await readyFields(seller)), 200);
    const refused = await errorOf(await publish(seller, ids), 400);
    expect(refused).toMatchObject({
      error: m.notReady({
        title: 'Three',
        fields: 'original price, price, condition, category, phone, meeting place, bought on, photo',
      }),
      field: 'ids',
    });
    expect(await listed(seller)).toBe(0);
    await jsonOf(await update(seller, ids[2]!, await readyFields(seller)), 200);
    expect((await jsonOf(await publish(seller, ids), 201)).published).toHaveLength(3);
    expect(await listed(seller)).toBe(3);
  });

  it('counts a batch as as many listings as it holds: refused whole, naming how many can be published now', async () => {
    const seller = await t.newUser('Seller');
    const ids = await draftsOf(seller, ['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    for (const id of ids) await jsonOf(await update(seller, id, await readyFields(seller)), 200);
    expect((await jsonOf(await publish(seller, ids.slice(0, 2)), 201)).published).toHaveLength(2);

    const refused = await publish(seller, ids.slice(2));
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(500);
    expect(await errorOf(refused, 429)).toEqual({
      error: m.limitLeft({ left: 3, asked: 5, wait: waitInWords(wait) }),
      code: 'TOO_MANY_REQUESTS',
    });
    expect(await listed(seller)).toBe(2);
    expect((await jsonOf(await publish(seller, ids.slice(2, 5)), 201)).published).toHaveLength(3);
    const none = await errorOf(await publish(seller, ids.slice(5)), 429);
    expect(none.error).toBe(m.limitLeft({ left: 0, asked: 2, wait: none.error.split(' in ').pop()! }));
    expect(await listed(seller)).toBe(5);
  });

  it('two batches of one seller sent at once are counted one after the other: never past the limit', async () => {
    const seller = await t.newUser('Seller');
    const ids = await draftsOf(seller, ['P', 'Q', 'R', 'S', 'T', 'U']);
    for (const id of ids) await jsonOf(await update(seller, id, await readyFields(seller)), 200);
    const [first, second] = await Promise.all([publish(seller, ids.slice(0, 3)), publish(seller, ids.slice(3))]);
    expect([first.status, second.status].sort()).toEqual([201, 429]);
    expect(await listed(seller)).toBe(3);
  });

  it('discards drafts; each seller touches only their own', async () => {
    const seller = await t.newUser('Seller');
    const other = await t.newUser('Seller');
    const [id] = await draftsOf(seller, ['Mine']);
    const refusal = { error: 'This draft belongs to someone else', code: 'FORBIDDEN' };
    expect(await errorOf(await update(other, id!, { condition: 'Fair' }), 403)).toEqual(refusal);
    expect(await errorOf(await publish(other, [id!]), 403)).toEqual(refusal);
    expect(await errorOf(await t.as(other).shelf.drafts[':id'].$delete({ param: { id: id! } }), 403)).toEqual(refusal);
    expect(await jsonOf(await t.as(other).shelf.drafts.$get({ query: {} }), 200)).toEqual([]);
    expect(await jsonOf(await t.as(seller).shelf.drafts[':id'].$delete({ param: { id: id! } }), 200)).toEqual({
      deletedCount: 1,
    });
    expect(await errorOf(await t.as(seller).shelf.drafts[':id'].$delete({ param: { id: id! } }), 404)).toMatchObject({
      error: m.noDraft,
    });
    const [{ n }] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from book_drafts`)).rows as [
      { n: number },
    ];
    expect(n).toBeGreaterThan(0);
  });

  it('pages the drafts list and answers the count', async () => {
    const seller = await t.newUser('Seller');
    await draftsOf(
      seller,
      Array.from({ length: 30 }, (_, i) => `Book ${i + 1}`),
    );
    const res = await t.as(seller).shelf.drafts.$get({ query: { page: '2', limit: '10' } });
    expect(res.headers.get('x-total-count')).toBe('30');
    expect((await jsonOf(res, 200)).map((d) => d.bookName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Book ${i + 11}`),
    );
  });
});
