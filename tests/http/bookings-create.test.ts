import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema/orders.ts';
import { en } from '#shared/i18n/english.ts';
import { openShop } from '../support/orders.ts';
import { errorOf, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const { t, seller, newBook, newBookInNewCategory, bookStatus } = await openShop();
afterAll(() => t.close());

/** Asks to book a book as `user` (as a visitor with null), with a phone number that passes. */
const requestBooking = (user: TestUser | null, bookId: string) =>
  (user ? t.as(user) : t.api).booking.$post({ json: { bookId, contact: '5550100' } });

describe('POST /api/booking', () => {
  it('books an available book: the buyer, name and price come from the session and the book, not the body', async () => {
    const buyer = await t.newUser('Buyer');
    const book = await newBook({ bookName: 'Real Name', resalePriceCents: 1250 });
    // Fields the route does not take, as a forged client would send them.
    const forged = {
      bookId: book.id,
      bookName: 'Forged Name',
      price: 0.01,
      email: 'someone-else@example.test',
      contact: ' +1 415 555 0199 ',
      meetinglocation: 'Main library steps',
    };
    const body = await jsonOf(await t.as(buyer).booking.$post({ json: forged }), 200);
    expect(body.acknowledged).toBe(true);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, body.insertedId));
    expect(row).toMatchObject({
      bookId: book.id,
      buyerId: buyer.id,
      email: buyer.email,
      bookName: 'Real Name',
      priceCents: 1250,
      contact: '+1 415 555 0199',
      meetingLocation: 'Main library steps',
      status: null,
    });
    expect(await bookStatus(book.id)).toBe('Booked');
  });

  it('takes the meeting location as optional, and the book leaves the public lists', async () => {
    const buyer = await t.newUser('Buyer');
    const { book, category } = await newBookInNewCategory();
    const res = await requestBooking(buyer, book.id);
    expect(res.status).toBe(200);
    const list = await t.api.books[':categoryName'].$get({ param: { categoryName: category.name }, query: {} });
    expect(await list.json()).toEqual([]);
  });

  it('requires a phone number, with the field named', async () => {
    const buyer = await t.newUser('Buyer');
    const book = await newBook();
    // A raw call: a missing contact is what the typed client cannot send.
    for (const contact of [undefined, '', '   ']) {
      const res = await t.call('POST', '/api/booking', { as: buyer, json: { bookId: book.id, contact } });
      expect(await errorOf(res, 400)).toMatchObject({ code: 'BAD_REQUEST', field: 'contact' });
    }
    const empty = await t.as(buyer).booking.$post({ json: { bookId: book.id, contact: '' } });
    expect(await errorOf(empty, 400)).toEqual({
      error: en.booking.phoneRequired,
      code: 'BAD_REQUEST',
      field: 'contact',
    });
    const letters = await t.as(buyer).booking.$post({ json: { bookId: book.id, contact: 'call me' } });
    expect(letters.status).toBe(400);
    expect(await bookStatus(book.id)).toBe('Available');
  });

  it('refuses a bad or unknown book id with 400 / 404', async () => {
    const buyer = await t.newUser('Buyer');
    const bad = await requestBooking(buyer, 'nope');
    expect(await errorOf(bad, 400)).toMatchObject({ code: 'BAD_REQUEST', field: 'bookId' });
    const unknown = await requestBooking(buyer, crypto.randomUUID());
    expect(await errorOf(unknown, 404)).toEqual({ error: 'No book with this id', code: 'NOT_FOUND' });
  });

  it('refuses a visitor who is not signed in', async () => {
    const book = await newBook();
    const res = await requestBooking(null, book.id);
    expect(res.status).toBe(401);
    expect(await bookStatus(book.id)).toBe('Available');
  });

  it("refuses the seller's own book with 403", async () => {
    const book = await newBook();
    const res = await requestBooking(seller, book.id);
    expect(await errorOf(res, 403)).toEqual({ error: 'You cannot book your own book', code: 'FORBIDDEN' });
    expect(await bookStatus(book.id)).toBe('Available');
  });

  it('lets a seller book somebody else’s book (any signed-in user may book)', async () => {
    const otherSeller = await t.newUser('Seller');
    const book = await newBook();
    const res = await requestBooking(otherSeller, book.id);
    expect(res.status).toBe(200);
  });

  it('answers 409 with a clear message when someone booked the book first', async () => {
    const [first, second] = [await t.newUser('Buyer'), await t.newUser('Buyer')];
    const book = await newBook();
    expect((await requestBooking(first, book.id)).status).toBe(200);
    const late = await t.as(second).booking.$post({ json: { bookId: book.id, contact: '5550101' } });
    expect(await errorOf(late, 409)).toEqual({ error: 'Someone booked this book first', code: 'CONFLICT' });
    const again = await requestBooking(first, book.id);
    expect((await errorOf(again, 409)).error).toMatch(/already booked/);
  });

  it('refuses a book hidden by reports, or a sold one, with 409', async () => {
    const buyer = await t.newUser('Buyer');
    const reported = await newBook({ reported: true, hidden: true });
    const sold = await newBook({ status: 'Sold' });
    const r1 = await requestBooking(buyer, reported.id);
    expect((await errorOf(r1, 409)).error).toMatch(/reported/);
    const r2 = await requestBooking(buyer, sold.id);
    expect(await errorOf(r2, 409)).toEqual({ error: 'This book is already sold', code: 'CONFLICT' });
    expect(await bookStatus(reported.id)).toBe('Available');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const buyer = await t.newUser('Buyer');
    const res = await t.app.request('/api/booking', {
      method: 'POST',
      headers: { ...buyer.headers, origin: 'http://localhost:3000', 'content-type': 'text/plain' },
      body: 'bookId=1',
    });
    expect(res.status).toBe(415);
  });
});

describe('PUT /api/books/status/{id} (compatibility)', () => {
  it('changes nothing and answers modifiedCount 1 only for the buyer holding the booking', async () => {
    const [buyer, other] = [await t.newUser('Buyer'), await t.newUser('Buyer')];
    const book = await newBook();
    const markBooked = (caller: TestUser) => t.as(caller).books.status[':id'].$put({ param: { id: book.id } });
    const before = await markBooked(buyer);
    expect(await before.json()).toEqual({ modifiedCount: 0 });
    expect(await bookStatus(book.id)).toBe('Available');

    await requestBooking(buyer, book.id);
    expect(await (await markBooked(buyer)).json()).toEqual({ modifiedCount: 1 });
    expect(await (await markBooked(other)).json()).toEqual({ modifiedCount: 0 });
    expect(await bookStatus(book.id)).toBe('Booked');
  });

  it('asks for a session and a valid id', async () => {
    const buyer = await t.newUser('Buyer');
    expect((await t.api.books.status[':id'].$put({ param: { id: crypto.randomUUID() } })).status).toBe(401);
    expect((await t.as(buyer).books.status[':id'].$put({ param: { id: 'not-a-uuid' } })).status).toBe(400);
  });
});
