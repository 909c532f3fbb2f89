import { afterAll, describe, expect, it } from 'vitest';
import type { Book } from '#shared/schemas/book.ts';
import type { PriceGuide } from '#shared/schemas/price-guide.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { bookAs, payInFull } from '../support/orders.ts';
import { createTestApp, errorOf } from '../support/test-app.ts';
import { uploadedImageUrl } from '../support/uploads.ts';

// The seller's dozens of copies (made behind the app's back, posted now) would pass LISTING_LIMIT's burst before the
// one listing made through the API; this is about prices, not that limit.
const t = await createTestApp({ LISTING_LIMIT: 'off' });
afterAll(() => t.close());
const seller = await t.newUser('Seller');
const { id: categoryId, name: categoryName } = await createCategory(t.db);

type BookValues = Omit<Parameters<typeof createBook>[1], 'sellerId' | 'categoryId'>;
const book = (values: BookValues) => createBook(t.db, { sellerId: seller.id, categoryId, ...values });
/** Books of these prices (in major units), all with `values`; answers their ids in the same order. */
const copies = async (prices: number[], values: BookValues = {}) => {
  const ids = await Promise.all(
    prices.map(async (price) => (await book({ ...values, resalePriceCents: price * 100 })).id),
  );
  t.sawWrites();
  return ids;
};

async function guide(query: string): Promise<PriceGuide> {
  const res = await t.call('GET', `/api/price-guide?${query}`, { as: seller });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PriceGuide;
}

/** The listed books' `goodPrice` by id, from the public list of every listed book. */
async function badges(): Promise<Map<string, boolean>> {
  const res = await t.call('GET', '/api/allbooks?limit=100');
  expect(res.status).toBe(200);
  return new Map(((await res.json()) as Book[]).map((b) => [b._id, b.goodPrice]));
}

describe('GET /api/price-guide', () => {
  it('by ISBN: sold and listed copies, each with count, median and range; removed, booked and hidden ones not counted', async () => {
    const isbn = '9780547928227';
    await copies([4, 6, 9], { isbn });
    await copies([5, 8], { isbn, status: 'Sold' });
    await copies([1], { isbn, status: 'Removed' });
    await copies([1], { isbn, status: 'Booked' });
    await copies([1], { isbn, hidden: true });
    // The same title and author without the ISBN: the ISBN's copies alone count.
    await copies([2], { bookName: 'The Hobbit', author: 'J. R. R. Tolkien' });

    const answer = await guide(
      `isbn=${encodeURIComponent('978-0-547-92822-7')}&title=The+Hobbit&author=J.+R.+R.+Tolkien`,
    );
    expect(answer).toEqual({
      enough: true,
      comparables: 5,
      matchedBy: 'isbn',
      currency: 'USD',
      sold: { count: 2, median: 6.5, min: 5, max: 8 },
      listed: { count: 3, median: 6, min: 4, max: 9 },
    });
    // Its ISBN-10 is the same book.
    expect(await guide('isbn=054792822X')).toEqual(answer);
  });

  it('by title and author, case and accents ignored, also when no copy has the ISBN given', async () => {
    await copies([7], { bookName: 'Cien años de soledad', author: 'Gabriel García Márquez' });
    await copies([9], { bookName: 'CIEN AÑOS DE SOLEDAD', author: 'gabriel garcía márquez', isbn: '9780307474728' });
    await copies([11], { bookName: 'cien anos de soledad', author: 'Gabriel Garcia Marquez', status: 'Sold' });
    await copies([3], { bookName: 'Cien años de soledad', author: 'Someone Else' });

    const byTitle = await guide('title=cien+anos+de+soledad&author=GABRIEL+GARCIA+MARQUEZ');
    expect(byTitle).toMatchObject({
      enough: true,
      comparables: 3,
      matchedBy: 'title',
      sold: { count: 1, median: 11, min: 11, max: 11 },
      listed: { count: 2, median: 8, min: 7, max: 9 },
    });
    const unknownIsbn = await guide(
      'isbn=9780140449136&title=Cien+a%C3%B1os+de+soledad&author=Gabriel+Garc%C3%ADa+M%C3%A1rquez',
    );
    expect(unknownIsbn).toEqual(byTitle);
  });

  it('under 3 comparables: no guidance, and no groups', async () => {
    await copies([5, 6], { isbn: '9780261103573' });
    expect(await guide('isbn=9780261103573')).toEqual({
      enough: false,
      comparables: 2,
      matchedBy: 'isbn',
      currency: 'USD',
      sold: null,
      listed: null,
    });
    expect(await guide('title=Never+Listed&author=Nobody')).toMatchObject({
      enough: false,
      comparables: 0,
      matchedBy: null,
    });
  });

  it.each([
    ['', 'isbn'],
    ['title=Dune', 'author'],
    ['author=Frank+Herbert', 'title'],
    ['isbn=9780547928228', 'isbn'],
    [`title=${'x'.repeat(201)}&author=A`, 'title'],
  ])('?%s is a 400 naming %s', async (query, field) => {
    const res = await t.call('GET', `/api/price-guide?${query}`, { as: seller });
    expect(await errorOf(res, 400)).toMatchObject({ code: 'BAD_REQUEST', field });
  });
});

describe("the 'Good price' badge", () => {
  it('is set exactly on the cheapest quarter of the copies, and never under 3 comparables', async () => {
    const eight = await copies([2, 3, 5, 6, 7, 8, 9, 10], { isbn: '9780441172719' });
    const five = await copies([3, 5, 7], { bookName: 'Emma', author: 'Jane Austen' });
    const sold = await copies([9, 11], { bookName: 'EMMA', author: 'Jane Austén', status: 'Sold' });
    const tied = await copies([4, 4, 4, 4], { isbn: '9780140449136' });
    const three = await copies([1, 10, 10], { isbn: '9780553293357' });

    const good = await badges();
    expect(eight.map((id) => good.get(id))).toEqual([true, true, false, false, false, false, false, false]);
    // Sold copies count as comparables and carry no badge themselves (they are not listed).
    expect(five.map((id) => good.get(id))).toEqual([true, false, false]);
    expect(sold.map((id) => good.has(id))).toEqual([false, false]);
    expect(tied.map((id) => good.get(id))).toEqual([false, false, false, false]);
    expect(three.map((id) => good.get(id))).toEqual([false, false, false]);

    // The same flag on the book's page, in a search and in its category's list.
    const cheapest = eight[0]!;
    const page = await t.call('GET', `/api/books/item/${cheapest}`);
    expect(((await page.json()) as Book).goodPrice).toBe(true);
    const found = (await (await t.call('GET', '/api/search?q=9780441172719&sort=price_asc')).json()) as Book[];
    expect(found.map((b) => b.goodPrice)).toEqual([true, true, false, false, false, false, false, false]);
    const listed = (await (
      await t.call('GET', `/api/books/${encodeURIComponent(categoryName)}?limit=100`)
    ).json()) as Book[];
    expect(listed.find((b) => b._id === cheapest)?.goodPrice).toBe(true);
  });

  it('a list answer changes when a comparable is listed, booked and sold', async () => {
    const isbn = '9780316769488';
    const [cheapest] = await copies([4, 8, 8], { isbn });
    expect((await badges()).get(cheapest!)).toBe(false);

    const image = await uploadedImageUrl(t, seller);
    const added = await t.call('POST', '/api/books', {
      as: seller,
      json: {
        bookName: 'The Catcher in the Rye',
        isbn,
        originalPrice: 20,
        resalePrice: 9,
        condition: 'Good',
        booksCategory: categoryName,
        image,
        phone: '+1 415 555 0199',
        location: 'Town',
        description: 'A fourth copy.',
        purchaseYear: '2022-02-02',
      },
    });
    expect(added.status).toBe(201);
    const fourth = ((await added.json()) as { insertedId: string }).insertedId;
    expect((await badges()).get(cheapest!)).toBe(true);

    // Booked, the fourth copy is neither listed nor sold: two comparables are left.
    const buyer = await t.newUser('Buyer');
    const bookingId = await bookAs(t, buyer, fourth);
    expect((await badges()).get(cheapest!)).toBe(false);

    await payInFull(t, buyer, bookingId);
    expect((await badges()).get(cheapest!)).toBe(true);
  });
});
