import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema/orders.ts';
import { readEnv } from '#server/env.ts';
import { expireHold } from '#server/features/bookings/end-booking.service.ts';
import { en } from '#shared/i18n/english.ts';
import { invariantViolations } from '../support/invariants.ts';
import { bookAs, openShop, payInFull } from '../support/orders.ts';
import { errorOf, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

// One buyer holds at most MAX_OPEN_HOLDS (3 by default) unpaid bookings at once: the booking's own statement
// checks it, and a unique place per unpaid booking keeps bookings sent at once from passing it together.

const { t, seller, newBook, bookStatus } = await openShop();
afterAll(() => t.close());

const limitReached = { error: en.booking.tooManyHolds({ max: 3 }), code: 'CONFLICT' };
const requestBooking = (buyer: TestUser, bookId: string) =>
  t.as(buyer).booking.$post({ json: { bookId, contact: '+1 555 0100' } });
const openHolds = async (buyer: TestUser) =>
  (
    await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.buyerId, buyer.id), isNull(bookings.status)))
  ).length;

describe('MAX_OPEN_HOLDS', () => {
  it('10 bookings by one new buyer, one after another: 3 hold their books, 7 get 409 naming the limit', async () => {
    const buyer = await t.newUser('Buyer');
    const shelf = await Promise.all(Array.from({ length: 10 }, () => newBook()));
    const statuses: number[] = [];
    for (const book of shelf) {
      const res = await requestBooking(buyer, book.id);
      const status: number = res.status;
      statuses.push(status);
      if (status === 409) expect(await errorOf(res, 409)).toEqual(limitReached);
    }
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await Promise.all(shelf.map((book) => bookStatus(book.id)))).toEqual([
      ...Array(3).fill('Booked'),
      ...Array(7).fill('Available'),
    ]);
    // Someone else still books what the first buyer could not.
    expect((await requestBooking(await t.newUser('Buyer'), shelf[3]!.id)).status).toBe(200);
  });

  it('10 bookings by one new buyer sent at once: exactly 3 win, every round', async () => {
    for (let round = 0; round < 3; round++) {
      const buyer = await t.newUser('Buyer');
      const shelf = await Promise.all(Array.from({ length: 10 }, () => newBook()));
      const answers = await Promise.all(shelf.map((book) => requestBooking(buyer, book.id)));
      const statuses: number[] = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(7);
      const refusals = await Promise.all(answers.filter((_, i) => statuses[i] === 409).map((res) => errorOf(res, 409)));
      expect(refusals.every((body) => body.error === limitReached.error)).toBe(true);
      expect(await openHolds(buyer)).toBe(3);
      const booked = await Promise.all(shelf.map((book) => bookStatus(book.id)));
      expect(booked.filter((status) => status === 'Booked')).toHaveLength(3);
    }
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('paying for one, deleting one, the seller cancelling one or one expiring frees a place', async () => {
    const buyer = await t.newUser('Buyer');
    const shelf = await Promise.all(Array.from({ length: 8 }, () => newBook()));
    const held = [];
    for (const book of shelf.slice(0, 3)) held.push(await bookAs(t, buyer, book.id));
    const tryNext = (i: number) => requestBooking(buyer, shelf[i]!.id);
    expect(await errorOf(await tryNext(3), 409)).toEqual(limitReached);

    await payInFull(t, buyer, held[0]!);
    const fourth = await jsonOf(await tryNext(3), 200);
    expect(await errorOf(await tryNext(4), 409)).toEqual(limitReached);

    expect((await t.as(buyer).wishList[':id'].$delete({ param: { id: held[1]! } })).status).toBe(200);
    expect((await tryNext(4)).status).toBe(200);
    expect(await errorOf(await tryNext(5), 409)).toEqual(limitReached);

    const cancel = await t
      .as(seller)
      .booking[':id'].cancel.$post({ param: { id: held[2]! }, json: { reason: 'Found a coffee stain' } });
    expect(cancel.status).toBe(200);
    expect((await tryNext(5)).status).toBe(200);
    expect(await errorOf(await tryNext(6), 409)).toEqual(limitReached);

    // Its hold ran out (the clock moved behind the app's back), and its job ran.
    await t.db.update(bookings).set({ holdUntil: sql`now()` }).where(eq(bookings.id, fourth.insertedId));
    await expireHold(t.db, fourth.insertedId);
    expect((await tryNext(6)).status).toBe(200);
    expect(await errorOf(await tryNext(7), 409)).toEqual(limitReached);
    expect(await openHolds(buyer)).toBe(3);
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('is read from MAX_OPEN_HOLDS, 1 to 1000; a wrong value stops the start naming it', () => {
    expect(readEnv({}).MAX_OPEN_HOLDS).toBe(3);
    expect(readEnv({ MAX_OPEN_HOLDS: '10' }).MAX_OPEN_HOLDS).toBe(10);
    for (const wrong of ['0', 'many', '2.5', '1001'])
      expect(() => readEnv({ MAX_OPEN_HOLDS: wrong }), wrong).toThrow(/MAX_OPEN_HOLDS: /);
    expect(en.booking.tooManyHolds({ max: 1 })).toBe(
      'You can hold at most 1 unpaid booking at once; pay for or cancel one first',
    );
  });
});
