import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { books, reports, searchWords } from '#server/db/schema/catalog.ts';
import { editConflict } from '#server/features/books/books.service.ts';
import { en } from '#shared/i18n/english.ts';
import type { EditBookInput } from '#shared/schemas/add-book.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { invariantViolations } from '../support/invariants.ts';
import { bookAs } from '../support/orders.ts';
import { createTestApp, errorOf, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';
import { pngPicture, upload, uploadedImageUrl } from '../support/uploads.ts';

const t = await createTestApp();
afterAll(() => t.close());
const seller = await t.newUser('Seller', { verified: true, name: 'Edna Editor' });
const otherSeller = await t.newUser('Seller');
const buyer = await t.newUser('Buyer');
const poetry = await createCategory(t.db, { name: 'Poetry' });
const novels = await createCategory(t.db, { name: 'Novels' });

async function photoOf(as: TestUser, color: string) {
  return (await jsonOf(await upload(t, as, await pngPicture(40, 60, color)), 201)).data.url;
}

/** A listing of `seller` made through the API, with a cover and two photos. */
async function listed() {
  const [image, second, third] = [
    await photoOf(seller, '#aa0000'),
    await photoOf(seller, '#00aa00'),
    await photoOf(seller, '#0000aa'),
  ];
  const res = await t.as(seller).books.$post({
    json: {
      bookName: 'Leavs of Gras',
      author: 'Walt Whitman',
      originalPrice: 20,
      resalePrice: 9.5,
      condition: 'Good',
      booksCategory: poetry.name,
      image,
      photos: [second, third],
      phone: '+1 415 555 0100',
      location: 'Mission District',
      description: 'A well-kept copy.',
      purchaseYear: '2023-04-01',
    },
  });
  const { book } = await jsonOf(res, 201);
  return { id: book._id, version: book.version, image, second, third };
}

function edit(as: TestUser, id: string, json: EditBookInput) {
  return t.as(as).books[':id'].$patch({ param: { id }, json });
}

const fields = {
  bookName: 'Leaves of Grass',
  author: 'Walt Whitman',
  isbn: '978-0-14-032872-1',
  publisher: 'Penguin',
  publicationYear: 1986,
  defects: ['notes_or_highlighting' as const],
  originalPrice: 22,
  resalePrice: 7.25,
  condition: 'Excellent' as const,
  booksCategory: novels.name,
  phone: '+1 415 555 0111',
  location: 'Dolores Park',
  description: 'Fixed the typos; cut the price.',
  purchaseYear: '2022-01-15',
};

describe('PATCH /api/books/{id}', () => {
  it('changes every field, reorders, adds and removes photos, and grows the version', async () => {
    const book = await listed();
    expect(book.version).toBe(1);
    const added = await photoOf(seller, '#aaaa00');
    // The third photo becomes the cover, a new one is added, the old cover goes, the second stays last.
    const res = await edit(seller, book.id, { ...fields, image: book.third, photos: [added, book.second], version: 1 });
    const { book: edited, modifiedCount } = await jsonOf(res, 200);
    expect(modifiedCount).toBe(1);
    expect(edited).toMatchObject({
      ...fields,
      isbn: '9780140328721',
      booksCategory: 'Novels',
      image: book.third,
      thumbnail: book.third.replace('.webp', '-400.webp'),
      email: seller.email,
      status: 'Available',
      version: 2,
    });

    const page = await jsonOf(await t.api.books.item[':id'].$get({ param: { id: book.id } }), 200);
    expect(page.photos.map((p) => p.url)).toEqual([book.third, added, book.second]);
    expect(page).toMatchObject({ bookName: 'Leaves of Grass', resalePrice: 7.25, version: 2 });

    // The left-out cover is deleted with its thumbnail once the job runs; the kept ones stay.
    await t.runJobs();
    expect(await t.deps.storage.has(book.image)).toBe(false);
    expect(await t.deps.storage.has(book.image.replace('.webp', '-400.webp'))).toBe(false);
    expect(await t.deps.storage.has(book.second)).toBe(true);
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('is followed by search, the category lists, the lexicon and the sitemaps', async () => {
    const book = await listed();
    const before = await t.call('GET', '/api/search?q=Whitman');
    expect(before.status).toBe(200);
    await jsonOf(
      await edit(seller, book.id, { ...fields, bookName: 'Zanzibarian Sonnets', image: book.image, version: 1 }),
      200,
    );

    const found = (await (await t.call('GET', '/api/search?q=Zanzibarian')).json()) as { _id: string }[];
    expect(found.map((b) => b._id)).toContain(book.id);
    const old = (await (await t.call('GET', '/api/search?q=Leavs')).json()) as { _id: string }[];
    expect(old.map((b) => b._id)).not.toContain(book.id);

    const inNovels = await jsonOf(
      await t.api.books[':categoryName'].$get({ param: { categoryName: 'Novels' }, query: {} }),
      200,
    );
    expect(inNovels.find((b) => b._id === book.id)?.bookName).toBe('Zanzibarian Sonnets');
    const inPoetry = await jsonOf(
      await t.api.books[':categoryName'].$get({ param: { categoryName: 'Poetry' }, query: {} }),
      200,
    );
    expect(inPoetry.map((b) => b._id)).not.toContain(book.id);

    const words = await t.db.select().from(searchWords).where(eq(searchWords.word, 'zanzibarian'));
    expect(words).toHaveLength(1);

    const [row] = await t.db.select({ editedAt: books.editedAt }).from(books).where(eq(books.id, book.id));
    const sitemap = await (await t.app.request('/sitemaps/books-1.xml')).text();
    expect(sitemap).toContain(`/books/${book.id}</loc><lastmod>${row!.editedAt!.toISOString().slice(0, 10)}</lastmod>`);
  });

  it('refuses an edit made over another: of two edits of one version, one wins and the other gets 409', async () => {
    const book = await listed();
    const [a, b] = await Promise.all([
      edit(seller, book.id, { ...fields, bookName: 'Edit A', image: book.image, version: 1 }),
      edit(seller, book.id, { ...fields, bookName: 'Edit B', image: book.image, version: 1 }),
    ]);
    const statuses = [a.status as number, b.status as number].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = (a.status as number) === 409 ? a : b;
    expect(await errorOf(loser, 409)).toEqual({ error: editConflict, code: 'CONFLICT', field: 'version' });
    const winner = a.status === 200 ? 'Edit A' : 'Edit B';
    const page = await jsonOf(await t.api.books.item[':id'].$get({ param: { id: book.id } }), 200);
    expect(page).toMatchObject({ bookName: winner, version: 2 });

    // A stale version later on is refused the same way, and changes nothing.
    const stale = await edit(seller, book.id, { ...fields, bookName: 'Stale', image: book.image, version: 1 });
    expect((await errorOf(stale, 409)).field).toBe('version');
    const [row] = await t.db
      .select({ name: books.bookName, version: books.version })
      .from(books)
      .where(eq(books.id, book.id));
    expect(row).toEqual({ name: winner, version: 2 });
  });

  it('is the seller’s own, only while Available and unreported', async () => {
    const book = await listed();
    const body = { ...fields, image: book.image, version: 1 };
    const other = await edit(otherSeller, book.id, body);
    expect(await errorOf(other, 403)).toMatchObject({ error: 'You can only edit your own books' });
    expect((await errorOf(await edit(buyer, book.id, body), 403)).code).toBe('FORBIDDEN');
    expect((await errorOf(await edit(seller, crypto.randomUUID(), body), 404)).code).toBe('NOT_FOUND');

    await bookAs(t, buyer, book.id);
    const booked = await edit(seller, book.id, body);
    expect(await errorOf(booked, 409)).toMatchObject({
      error: 'This book is Booked; only available books can be edited',
    });

    const sold = await createBook(t.db, { sellerId: seller.id, categoryId: poetry.id, status: 'Sold' });
    const soldAnswer = await edit(seller, sold.id, { ...body, image: sold.image });
    expect(await errorOf(soldAnswer, 409)).toMatchObject({
      error: 'This book is Sold; only available books can be edited',
    });

    const reported = await listed();
    await t.db.insert(reports).values({ bookId: reported.id, reporterId: buyer.id, reason: 'Fake' });
    await t.db.update(books).set({ reported: true }).where(eq(books.id, reported.id));
    t.sawWrites();
    const refused = await edit(seller, reported.id, { ...body, image: reported.image });
    expect((await errorOf(refused, 409)).error).toMatch(/reported/);
  });

  it('takes new photos only from the seller’s own uploads, each once, and asks for the version', async () => {
    const book = await listed();
    const foreign = await uploadedImageUrl(t, otherSeller);
    const stolen = await edit(seller, book.id, {
      ...fields,
      image: book.image,
      photos: [book.second, foreign],
      version: 1,
    });
    expect(await errorOf(stolen, 400)).toMatchObject({ code: 'BAD_REQUEST', field: 'photos.1' });
    const made = await edit(seller, book.id, { ...fields, image: '/uploads/nothing-here.webp', version: 1 });
    expect((await errorOf(made, 400)).field).toBe('image');

    const twice = await edit(seller, book.id, {
      ...fields,
      image: book.image,
      photos: [book.second, book.image],
      version: 1,
    });
    expect(await errorOf(twice, 400)).toEqual({
      error: en.addBook.photoTwice,
      code: 'BAD_REQUEST',
      field: 'photos.1',
    });

    for (const version of [undefined, 'one', 0, 1.5, -3, 1e12]) {
      const res = await t.call('PATCH', `/api/books/${book.id}`, {
        as: seller,
        json: { ...fields, image: book.image, version },
      });
      expect(await errorOf(res, 400)).toEqual({
        error: en.addBook.versionRequired,
        code: 'BAD_REQUEST',
        field: 'version',
      });
    }
    const blank = await t.call('PATCH', `/api/books/${book.id}`, {
      as: seller,
      json: { ...fields, bookName: ' ', image: book.image, version: 1 },
    });
    expect(await errorOf(blank, 400)).toMatchObject({
      error: en.addBook.bookNameRequired,
      field: 'bookName',
    });
    const notJson = await t.call('PATCH', `/api/books/${book.id}`, {
      as: seller,
      headers: { 'content-type': 'text/plain' },
    });
    expect([400, 415]).toContain(notJson.status);

    // Nothing of the refused edits stuck, and the photos are where they were.
    const page = await jsonOf(await t.api.books.item[':id'].$get({ param: { id: book.id } }), 200);
    expect(page.photos.map((p) => p.url)).toEqual([book.image, book.second, book.third]);
    expect(page.version).toBe(1);
    expect(await t.deps.storage.has(foreign)).toBe(true);
  });
});
