import { afterAll, describe, expect, it } from 'vitest';
import { createBook, createCategory, createOffSaleBooks } from '../support/factories.ts';
import { createTestApp, errorOf } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';
import { uploadedImageUrl } from '../support/uploads.ts';

const t = await createTestApp();
afterAll(() => t.close());
const [seller, otherSeller] = await Promise.all([t.newUser('Seller', { name: 'Sam Seller' }), t.newUser('Seller')]);
const fantasy = await createCategory(t.db, { name: 'Fantasy' });
const history = await createCategory(t.db, { name: 'History' });

async function addBook(body: Record<string, unknown>) {
  return t.as(seller).books.$post({
    json: {
      bookName: 'The Hobbit',
      originalPrice: 20,
      resalePrice: 9,
      condition: 'Good',
      booksCategory: fantasy.name,
      image: await uploadedImageUrl(t, seller),
      phone: '+1 415 555 0100',
      location: 'Shire Road',
      description: 'There and back again.',
      purchaseYear: '2023-04-01',
      ...body,
    },
  });
}

describe('POST /api/books with author, ISBN and several photos', () => {
  it('stores the author, the ISBN as its ISBN-13, and the photos after the cover in order', async () => {
    const extra = [await uploadedImageUrl(t, seller), await uploadedImageUrl(t, seller)];
    const res = await addBook({ author: '  J. R. R. Tolkien ', isbn: '0-547-92822-X', photos: extra });
    expect(res.status).toBe(201);
    const { book } = await jsonOf(res, 201);
    expect(book).toMatchObject({ author: 'J. R. R. Tolkien', isbn: '9780547928227' });
    const page = await jsonOf(await t.api.books.item[':id'].$get({ param: { id: book._id } }), 200);
    expect(page.photos.map((p) => p.url)).toEqual([book.image, ...extra]);
    expect(page.photos[1]!.thumbnail).toBe(extra[0]!.replace('.webp', '-400.webp'));
  });

  it('takes a book without author and ISBN (blank is none)', async () => {
    const res = await addBook({ author: '', isbn: ' ' });
    expect(res.status).toBe(201);
    expect((await jsonOf(res, 201)).book).toMatchObject({ author: null, isbn: null });
  });

  it('refuses an ISBN whose check digit does not match, too many photos, and photos it did not store', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ isbn: '9780547928228' }, 'isbn'],
      [{ isbn: '0547928225' }, 'isbn'],
      [{ isbn: 'not an isbn' }, 'isbn'],
      [{ photos: Array(5).fill('/images/x.webp') }, 'photos'],
      [{ photos: ['https://elsewhere.example/cover.webp'] }, 'photos.0'],
      [{ author: 'a'.repeat(201) }, 'author'],
    ];
    for (const [body, field] of cases) {
      const res = await addBook(body);
      expect((await errorOf(res, 400)).field, JSON.stringify(body)).toBe(field);
    }
  });
});

describe('GET /api/books/item/{id}', () => {
  it('answers an Available or Booked book with every photo, the cover first', async () => {
    const available = await createBook(t.db, { sellerId: seller.id, categoryId: fantasy.id, author: 'Ann Author' });
    const booked = await createBook(t.db, { sellerId: seller.id, categoryId: fantasy.id, status: 'Booked' });
    const res = await t.api.books.item[':id'].$get({ param: { id: available.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      _id: available.id,
      author: 'Ann Author',
      SellerName: 'Sam Seller',
      status: 'Available',
      photos: [{ url: available.image, thumbnail: available.thumbnail }],
    });
    const bookedAnswer = await t.api.books.item[':id'].$get({ param: { id: booked.id } });
    expect((await jsonOf(bookedAnswer, 200)).status).toBe('Booked');
  });

  it('answers 410 for a Sold or removed book, 404 for an unknown id or a hidden book, 400 for a bad id', async () => {
    const { sold, removed, hidden } = await createOffSaleBooks(t.db, { sellerId: seller.id, categoryId: fantasy.id });
    const cases: [string, number, string][] = [
      [sold.id, 410, 'This book has been sold'],
      [removed.id, 410, 'This book is no longer listed'],
      [hidden.id, 404, 'There is no book with this id'],
      [crypto.randomUUID(), 404, 'There is no book with this id'],
    ];
    for (const [id, status, error] of cases) {
      for (const path of [`/api/books/item/${id}`, `/api/books/item/${id}/related`]) {
        const res = await t.call('GET', path);
        expect(await errorOf(res, status), path).toEqual({ error, code: status === 410 ? 'GONE' : 'NOT_FOUND' });
      }
    }
    const bad = await t.api.books.item[':id'].$get({ param: { id: 'not-a-uuid' } });
    expect((await errorOf(bad, 400)).field).toBe('id');
  });

  it("answers the seller's other books and similar ones: same author first, then same category", async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 1, n));
    const book = await createBook(t.db, {
      sellerId: otherSeller.id,
      categoryId: history.id,
      bookName: 'Main',
      author: 'Ursula Le Guin',
      postDate: day(1),
    });
    const sameSeller = await createBook(t.db, {
      sellerId: otherSeller.id,
      categoryId: fantasy.id,
      bookName: 'Seller other',
      postDate: day(2),
    });
    await createBook(t.db, {
      sellerId: otherSeller.id,
      categoryId: fantasy.id,
      bookName: 'Seller sold',
      status: 'Sold',
    });
    const sameAuthor = await createBook(t.db, {
      sellerId: seller.id,
      categoryId: fantasy.id,
      bookName: 'Same author, other category',
      author: 'ursula le guín',
      postDate: day(3),
    });
    const sameCategory = await createBook(t.db, {
      sellerId: seller.id,
      categoryId: history.id,
      bookName: 'Same category',
      postDate: day(4),
    });
    const res = await t.api.books.item[':id'].related.$get({ param: { id: book.id } });
    const related = await jsonOf(res, 200);
    expect(related.sellerBooks.map((b) => b._id)).toEqual([sameSeller.id]);
    expect(related.similar.map((b) => b._id)).toEqual([sameAuthor.id, sameCategory.id]);
  });
});
