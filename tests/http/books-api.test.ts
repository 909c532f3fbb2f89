import { afterAll, describe, expect, it } from 'vitest';
import type { books } from '#server/db/schema/catalog.ts';
import { en } from '#shared/i18n/english.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { createTestApp, errorOf, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';
import { uploadedImageUrl } from '../support/uploads.ts';

const t = await createTestApp();
afterAll(() => t.close());
const seller = await t.newUser('Seller', { verified: true, name: 'Sam Seller' });
const category = await createCategory(t.db, { name: 'Poetry' });

async function validBody(as: TestUser = seller) {
  return {
    bookName: 'Leaves of Grass',
    originalPrice: '20',
    resalePrice: 9.5,
    condition: 'Good' as const,
    booksCategory: category.name,
    image: await uploadedImageUrl(t, as),
    phone: '+1 415 555 0100',
    location: 'Mission District, San Francisco',
    description: 'A well-kept copy.',
    purchaseYear: '2023-04-01',
  };
}

describe('POST /api/books', () => {
  it('lists a book for the signed-in seller: email and name from the session, posted now, Available', async () => {
    const started = Date.now();
    const body = { ...(await validBody()), email: 'someone@else.test', SellerName: 'Impostor', status: 'Sold' };
    const res = await t.as(seller).books.$post({ json: body });
    expect(res.status).toBe(201);
    const { insertedId, book } = await jsonOf(res, 201);
    expect(book).toMatchObject({
      _id: insertedId,
      bookName: 'Leaves of Grass',
      email: seller.email,
      SellerName: 'Sam Seller',
      sellerVerified: true,
      originalPrice: 20,
      resalePrice: 9.5,
      currency: 'USD',
      condition: 'Good',
      booksCategory: 'Poetry',
      image: body.image,
      thumbnail: body.image.replace('.webp', '-400.webp'),
      status: 'Available',
      advertise: null,
      reported: false,
      purchaseYear: '2023-04-01',
    });
    expect(Date.parse(book.postDate as string)).toBeGreaterThanOrEqual(started - 1000);

    const listed = await t.api.books[':categoryName'].$get({ param: { categoryName: 'Poetry' }, query: {} });
    expect((await jsonOf(listed, 200)).map((b) => b._id)).toContain(insertedId);
  });

  const required: [string, string][] = [
    ['bookName', en.addBook.bookNameRequired],
    ['originalPrice', en.addBook.originalPriceRequired],
    ['resalePrice', en.addBook.resalePriceRequired],
    ['image', en.addBook.photoRequired],
    ['phone', en.addBook.phoneRequired],
    ['location', en.addBook.locationRequired],
    ['description', en.addBook.descriptionRequired],
    ['purchaseYear', en.addBook.dateRequired],
    ['condition', en.addBook.conditionRequired],
    ['booksCategory', en.addBook.categoryRequired],
  ];
  for (const [field, message] of required) {
    it(`answers "${message}" when ${field} is missing or blank`, async () => {
      // Raw calls: a body without a required field is what the typed client cannot send.
      const body: Record<string, unknown> = await validBody();
      delete body[field];
      const missing = await t.call('POST', '/api/books', { as: seller, json: body });
      expect(await errorOf(missing, 400)).toEqual({ error: message, code: 'BAD_REQUEST', field });
      if (field !== 'condition') {
        const blank = await t.call('POST', '/api/books', { as: seller, json: { ...body, [field]: '  ' } });
        expect(await errorOf(blank, 400)).toEqual({ error: message, code: 'BAD_REQUEST', field });
      }
    });
  }

  const prices: [unknown, string][] = [
    ['twelve', en.addBook.priceNotNumber({ label: 'Resale price' })],
    [true, en.addBook.priceNotNumber({ label: 'Resale price' })],
    [-3, en.addBook.pricePositive({ label: 'Resale price' })],
    ['0', en.addBook.pricePositive({ label: 'Resale price' })],
    ['1.999', en.addBook.priceDecimals({ label: 'Resale price' })],
    [1_000_000.01, en.addBook.priceTooHigh({ label: 'Resale price' })],
  ];
  for (const [price, message] of prices) {
    it(`refuses the resale price ${JSON.stringify(price)}: "${message}"`, async () => {
      // A raw call: the price is of any type.
      const res = await t.call('POST', '/api/books', {
        as: seller,
        json: { ...(await validBody()), resalePrice: price },
      });
      expect(await errorOf(res, 400)).toEqual({ error: message, code: 'BAD_REQUEST', field: 'resalePrice' });
    });
  }

  it('takes prices as money: "1000000" and 0.5 are fine and kept exactly', async () => {
    const res = await t
      .as(seller)
      .books.$post({ json: { ...(await validBody()), originalPrice: '1000000', resalePrice: 0.5 } });
    const { book } = await jsonOf(res, 201);
    expect([book.originalPrice, book.resalePrice]).toEqual([1_000_000, 0.5]);
  });

  it('refuses an unknown condition, an unknown category, a bad date and a bad phone', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ condition: 'Mint' }, 'condition'],
      [{ purchaseYear: '2023-02-30' }, 'purchaseYear'],
      [{ purchaseYear: '3023-01-01' }, 'purchaseYear'],
      [{ phone: 'call me' }, 'phone'],
    ];
    for (const [change, field] of cases) {
      const res = await t.call('POST', '/api/books', { as: seller, json: { ...(await validBody()), ...change } });
      expect(await errorOf(res, 400)).toMatchObject({ code: 'BAD_REQUEST', field });
    }
    // The service's own refusal names its field too.
    const unknown = await t.as(seller).books.$post({ json: { ...(await validBody()), booksCategory: 'Nope' } });
    expect(await errorOf(unknown, 400)).toEqual({
      error: 'there is no category named "Nope"',
      code: 'BAD_REQUEST',
      field: 'booksCategory',
    });
  });

  it('accepts only a photo URL our upload answered', async () => {
    for (const image of [
      'https://evil.example/cover.webp',
      `/images/${crypto.randomUUID()}.webp`,
      '/images/../../secret.webp',
      'javascript:alert(1)',
    ]) {
      const res = await t.as(seller).books.$post({ json: { ...(await validBody()), image } });
      expect(await errorOf(res, 400)).toEqual({
        error: 'upload the photo with POST /api/upload and send the URL it answered',
        code: 'BAD_REQUEST',
        field: 'image',
      });
    }
  });

  it("refuses a picture another seller uploaded, naming its field; a seller's own picture may be listed again", async () => {
    const notUploaded = {
      error: 'upload the photo with POST /api/upload and send the URL it answered',
      code: 'BAD_REQUEST',
    };
    const other = await t.newUser('Seller');
    const othersPicture = await uploadedImageUrl(t, other);
    const asCover = await t.as(seller).books.$post({ json: { ...(await validBody()), image: othersPicture } });
    expect(await errorOf(asCover, 400)).toEqual({ ...notUploaded, field: 'image' });
    const ownPhoto = await uploadedImageUrl(t, seller);
    const asPhoto = await t
      .as(seller)
      .books.$post({ json: { ...(await validBody()), photos: [ownPhoto, othersPicture] } });
    expect(await errorOf(asPhoto, 400)).toEqual({ ...notUploaded, field: 'photos.1' });

    // Listed by its uploader, the picture's URL is public; it is still not anyone else's to list.
    const listed = await jsonOf(await t.as(other).books.$post({ json: { ...(await validBody(other)) } }), 201);
    const again = await t.as(seller).books.$post({ json: { ...(await validBody()), image: listed.book.image } });
    expect(await errorOf(again, 400)).toEqual({ ...notUploaded, field: 'image' });

    // The seller's own picture, in a second listing (a book listed again).
    const body = await validBody();
    expect((await t.as(seller).books.$post({ json: body })).status).toBe(201);
    expect((await t.as(seller).books.$post({ json: { ...body, photos: [ownPhoto] } })).status).toBe(201);
  });

  it('refuses visitors (401), buyers and admins (403), and a body that is not JSON (415)', async () => {
    const body = await validBody();
    expect((await t.api.books.$post({ json: body })).status).toBe(401);
    const buyer = await t.as(await t.newUser('Buyer')).books.$post({ json: body });
    expect(await errorOf(buyer, 403)).toEqual({ error: 'Only Seller accounts can do this', code: 'FORBIDDEN' });
    expect((await t.as(await t.newUser('Admin')).books.$post({ json: body })).status).toBe(403);
    const text = await t.app.request('/api/books', {
      method: 'POST',
      body: 'bookName=x',
      headers: { ...seller.headers, origin: 'http://localhost:3000', 'content-type': 'text/plain' },
    });
    expect(await errorOf(text, 415)).toEqual({ error: 'Unsupported Media Type', code: 'UNSUPPORTED_MEDIA' });
  });
});

describe('GET /api/books?email=', () => {
  it("answers a seller's own books of every status, newest first, paged with the total", async () => {
    const own = await t.newUser('Seller');
    const sold = await createBook(t.db, {
      sellerId: own.id,
      categoryId: category.id,
      status: 'Sold',
      postDate: new Date('2026-01-01'),
    });
    const reported = await createBook(t.db, {
      sellerId: own.id,
      categoryId: category.id,
      reported: true,
      postDate: new Date('2026-01-02'),
    });
    const fresh = await createBook(t.db, {
      sellerId: own.id,
      categoryId: category.id,
      postDate: new Date('2026-01-03'),
    });
    const res = await t.as(own).books.$get({ query: { email: own.email.toUpperCase(), limit: '2' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    expect((await jsonOf(res, 200)).map((b) => b._id)).toEqual([fresh.id, reported.id]);
    const second = await t.as(own).books.$get({ query: { email: own.email, limit: '2', page: '2' } });
    const rest = await jsonOf(second, 200);
    expect(rest.map((b) => [b._id, b.status])).toEqual([[sold.id, 'Sold']]);
  });

  it("lets an admin see any seller's books, and nobody else", async () => {
    const sellersBooks = (as?: TestUser) => t.as(as).books.$get({ query: { email: seller.email } });
    expect((await sellersBooks(await t.newUser('Admin'))).status).toBe(200);
    const other = await sellersBooks(await t.newUser('Seller'));
    expect(await errorOf(other, 403)).toEqual({ error: 'You can only see your own books', code: 'FORBIDDEN' });
    expect((await sellersBooks()).status).toBe(401);
    expect((await t.as(seller).books.$get({ query: { email: 'not-an-email' } })).status).toBe(400);
  });
});

describe('PUT /api/books/{id} (advertise) and DELETE /api/books/{id}', () => {
  it('advertises your own available book once; it then shows on the home grid', async () => {
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id });
    const first = await t.as(seller).books[':id'].$put({ param: { id: book.id } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    const again = await t.as(seller).books[':id'].$put({ param: { id: book.id } });
    expect(await again.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    const home = await t.api.books.addvertise.$get({ query: { limit: '100' } });
    expect((await jsonOf(home, 200)).find((b) => b._id === book.id)?.advertise).toBe('Advertised');
  });

  it('deletes your own available book; the compatibility call then confirms it', async () => {
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id });
    const still = await t.as(seller).booking.books[':id'].$delete({ param: { id: book.id } });
    expect(await still.json()).toEqual({ acknowledged: true, deletedCount: 0 });
    const res = await t.as(seller).books[':id'].$delete({ param: { id: book.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const compat = await t.as(seller).booking.books[':id'].$delete({ param: { id: book.id } });
    expect(await compat.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.as(seller).books[':id'].$delete({ param: { id: book.id } })).status).toBe(404);
  });

  for (const [method, verb] of [
    ['PUT', 'advertise'],
    ['DELETE', 'delete'],
  ] as const) {
    it(`refuses to ${verb} a book that is not yours, not available, reported, or unknown`, async () => {
      const other = await t.newUser('Seller');
      const cases: [Partial<typeof books.$inferInsert>, TestUser, number, string, RegExp][] = [
        [{ sellerId: other.id }, seller, 403, 'FORBIDDEN', new RegExp(`You can only ${verb} your own books`)],
        [
          { status: 'Sold' },
          seller,
          409,
          'CONFLICT',
          new RegExp(`This book is Sold; only available books can be ${verb}d`),
        ],
        [{ status: 'Booked' }, seller, 409, 'CONFLICT', /This book is Booked/],
        [{ reported: true }, seller, 409, 'CONFLICT', new RegExp(`This book was reported, so it cannot be ${verb}d`)],
      ];
      for (const [overrides, as, status, code, error] of cases) {
        const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id, ...overrides });
        const res = await t.call(method, `/api/books/${book.id}`, { as });
        expect(await errorOf(res, status)).toEqual({ error: expect.stringMatching(error), code });
      }
      const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id });
      expect((await t.call(method, `/api/books/${book.id}`)).status).toBe(401);
      expect((await t.call(method, `/api/books/${book.id}`, { as: await t.newUser('Buyer') })).status).toBe(403);
      expect((await t.call(method, `/api/books/${book.id}`, { as: await t.newUser('Admin') })).status).toBe(403);
      expect((await t.call(method, `/api/books/${crypto.randomUUID()}`, { as: seller })).status).toBe(404);
      const bad = await t.call(method, '/api/books/not-an-id', { as: seller });
      expect(await errorOf(bad, 400)).toEqual({ error: 'not a book id', code: 'BAD_REQUEST', field: 'id' });
    });
  }

  it("answers the compatibility delete with 403 for someone else's listed book", async () => {
    const other = await t.newUser('Seller');
    const book = await createBook(t.db, { sellerId: other.id, categoryId: category.id });
    expect((await t.as(seller).booking.books[':id'].$delete({ param: { id: book.id } })).status).toBe(403);
    expect((await t.api.booking.books[':id'].$delete({ param: { id: book.id } })).status).toBe(401);
  });

  it('lets exactly one of many simultaneous deletions of a book win', async () => {
    const book = await createBook(t.db, { sellerId: seller.id, categoryId: category.id });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.as(seller).books[':id'].$delete({ param: { id: book.id } })),
    );
    const statuses: number[] = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(11);
  });
});

describe('GET /api/books/{categoryName} on a big category', () => {
  it('answers 300 books in pages with the total, newest first, never all at once', async () => {
    const big = await createCategory(t.db, { name: 'Big Shelf' });
    await t.pool.query(
      `insert into books (seller_id, category_id, book_name, original_price_cents, resale_price_cents, condition,
         image, thumbnail, phone, location, description, purchase_year, post_date)
       select $1, $2, 'Bulk ' || n, 2000, 1000, 'Good', '/images/x.webp', '/images/x-400.webp', '555 0100',
         'Here', 'Bulk copy', '2024-01-01', timestamptz '2026-01-01' + n * interval '1 minute'
       from generate_series(1, 300) as n`,
      [seller.id, big.id],
    );
    const shelf = (query: { limit?: string; page?: string }) =>
      t.api.books[':categoryName'].$get({ param: { categoryName: 'Big%20Shelf' }, query });
    const first = await t.as(seller).books[':categoryName'].$get({ param: { categoryName: 'Big%20Shelf' }, query: {} });
    expect(first.headers.get('x-total-count')).toBe('300');
    const firstPage = await jsonOf(first, 200);
    expect(firstPage).toHaveLength(24);
    expect(firstPage[0]!.bookName).toBe('Bulk 300');

    const names: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await shelf({ limit: '100', page: String(page) });
      names.push(...(await jsonOf(res, 200)).map((b) => b.bookName));
    }
    expect(names).toHaveLength(300);
    expect(new Set(names).size).toBe(300);
    expect(names.at(-1)).toBe('Bulk 1');
    expect((await shelf({ limit: '301' })).status).toBe(400);
  });
});
