import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { countingReporter, createBook, createCategory } from '../support/factories.ts';
import { invariantViolations } from '../support/invariants.ts';
import { createTestApp, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

// One report hides a book here, so the tests see reports come and go on the public lists.
const t = await createTestApp({ REPORT_HIDE_THRESHOLD: '1' });
afterAll(() => t.close());
const admin = await t.newUser('Admin');
const seller = await t.newUser('Seller', { verified: true });
const categoryId = (await createCategory(t.db)).id;
const rounds = 20;

const bookRow = async (id: string) => (await t.db.select().from(books).where(eq(books.id, id)))[0];
const bookingsOf = (id: string) => t.db.select().from(bookings).where(eq(bookings.bookId, id));
const booking = (buyer: TestUser, bookId: string) =>
  t.as(buyer).booking.$post({ json: { bookId, contact: '+1 555 0100' } });
/** A new book of `sellerId`'s (the verified seller's unless given). */
const newBook = (sellerId = seller.id) => createBook(t.db, { sellerId, categoryId });
/** The admin closes the user's account. */
const closeAccount = (user: TestUser) => t.as(admin).users[':id'].$delete({ param: { id: user.id } });

describe('races between different calls end in a consistent state', () => {
  it('advertising a book while its seller deletes it: the delete wins, the advertise is 200 or 404', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < rounds; round++) {
      const book = await newBook();
      const [advertise, remove] = await Promise.all([
        t.as(seller).books[':id'].$put({ param: { id: book.id } }),
        t.as(seller).books[':id'].$delete({ param: { id: book.id } }),
      ]);
      outcomes.add(`advertise ${advertise.status}, delete ${remove.status}`);
      expect(remove.status).toBe(200);
      expect([200, 404]).toContain(advertise.status);
      expect(await bookRow(book.id)).toMatchObject({ status: 'Removed', advertised: false });
    }
    console.log(`advertise racing delete (${rounds} rounds): ${[...outcomes].join('; ')}`);
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('deleting a book while a buyer books it: either the book is gone and the booking 409, or it is Booked and the delete 409', async () => {
    const buyer = await t.newUser('Buyer');
    for (let round = 0; round < rounds; round++) {
      const book = await newBook();
      const [booked, remove] = await Promise.all([
        booking(buyer, book.id),
        t.as(seller).books[':id'].$delete({ param: { id: book.id } }),
      ]);
      if (remove.status === 200) {
        expect(booked.status).toBe(409);
        expect((await bookRow(book.id))?.status).toBe('Removed');
      } else {
        expect([booked.status, remove.status]).toEqual([200, 409]);
        expect((await bookRow(book.id))?.status).toBe('Booked');
      }
    }
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('deleting a buyer while they book: the booking ends with their account or is refused, and the book is Available', async () => {
    const outcomes = new Set<number>();
    for (let round = 0; round < rounds; round++) {
      const buyer = await t.newUser('Buyer');
      const book = await newBook();
      const [booked, removed] = await Promise.all([booking(buyer, book.id), closeAccount(buyer)]);
      outcomes.add(booked.status);
      expect(removed.status).toBe(200);
      expect([200, 401]).toContain(booked.status);
      expect((await bookRow(book.id))?.status).toBe('Available');
      expect((await bookingsOf(book.id)).map((b) => b.status)).toEqual(booked.status === 200 ? ['Cancelled'] : []);
    }
    console.log(`delete-user racing booking (${rounds} rounds): booking answered ${[...outcomes].join(', ')}`);
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('deleting a seller while a buyer books their book: the listing leaves the store with the seller, booking or not', async () => {
    const buyer = await t.newUser('Buyer');
    for (let round = 0; round < rounds; round++) {
      const doomed = await t.newUser('Seller');
      const book = await newBook(doomed.id);
      const [booked, removed] = await Promise.all([booking(buyer, book.id), closeAccount(doomed)]);
      expect(removed.status).toBe(200);
      expect([200, 409]).toContain(booked.status);
      expect((await bookRow(book.id))?.status).toBe('Removed');
      expect((await bookingsOf(book.id)).map((b) => b.status)).toEqual(booked.status === 200 ? ['Cancelled'] : []);
    }
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('deleting a user while they report a book: the book stays reported only while a report of it remains', async () => {
    for (let round = 0; round < rounds; round++) {
      const reporter = await t.newUser('Buyer', countingReporter());
      const book = await newBook();
      const [reported, removed] = await Promise.all([
        t.as(reporter).books.report[':id'].$put({ param: { id: book.id }, json: {} }),
        closeAccount(reporter),
      ]);
      expect(removed.status).toBe(200);
      expect([200, 401]).toContain(reported.status);
      expect(await bookRow(book.id)).toMatchObject({ reported: false, hidden: false });
    }
    expect(await invariantViolations(t.db)).toEqual([]);
  });
});

describe('deleting a user who reported books', () => {
  it('lists a book again when its only reporter is deleted, and keeps it reported while another report remains', async () => {
    const [alone, twice] = await Promise.all([newBook(), newBook()]);
    const [leaving, staying] = await Promise.all([
      t.newUser('Buyer', countingReporter()),
      t.newUser('Buyer', countingReporter()),
    ]);
    for (const [who, book] of [
      [leaving, alone],
      [leaving, twice],
      [staying, twice],
    ] as const) {
      expect((await t.as(who).books.report[':id'].$put({ param: { id: book.id }, json: {} })).status).toBe(200);
    }

    expect((await closeAccount(leaving)).status).toBe(200);
    expect((await bookRow(alone.id))?.reported).toBe(false);
    expect((await bookRow(twice.id))?.reported).toBe(true);
    const listed = await jsonOf(await t.api.allbooks.$get({ query: { limit: '100' } }), 200);
    expect(listed.map((b) => b._id)).toContain(alone.id);
    expect(listed.map((b) => b._id)).not.toContain(twice.id);
    expect(await invariantViolations(t.db)).toEqual([]);
  });
});
