import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, refunds } from '#server/db/schema/orders.ts';
import { testPaymentIntents, testRefunds } from '#server/db/schema/test-payments.ts';
import { countingReporter } from '../support/factories.ts';
import { ledgerViolations } from '../support/invariants.ts';
import { bookAs, confirmTestCard, openShop, payInFull, type Shop, startPaying } from '../support/orders.ts';
import { errorOf, type TestApp, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

// How an unpaid booking ends (its hold runs out, its seller cancels it) and how reports hide a book, through
// the HTTP API as the buyer, the seller and the admin see it.

/** A booking of a new book of the shop's seller by a new buyer (made fast, without a password). */
async function quickBooking(shop: Shop) {
  const buyer = await shop.t.newUser('Buyer');
  const book = await shop.newBook();
  return { buyer, book, bookingId: await bookAs(shop.t, buyer, book.id) };
}

/** The buyer's My Orders entry for the booking. */
async function myOrder(t: TestApp, buyer: TestUser, bookingId: string) {
  const res = await t
    .as(buyer)
    .wishList[':email'].$get({ param: { email: encodeURIComponent(buyer.email) }, query: {} });
  return (await jsonOf(res, 200)).find((item) => item._id === bookingId);
}

/** The ids on the first page of every Available, unreported book. */
async function listed(t: TestApp) {
  const res = await t.api.allbooks.$get({ query: { limit: '100' } });
  return (await jsonOf(res, 200)).map((b) => b._id);
}

/** Waits until the booking's hold has run out. */
async function outlive(t: TestApp, bookingId: string) {
  const [row] = await t.db.select({ holdUntil: bookings.holdUntil }).from(bookings).where(eq(bookings.id, bookingId));
  await sleep(Math.max(0, row!.holdUntil.getTime() - Date.now() + 200));
}

describe('a hold of one second', () => {
  let shop: Shop;
  let t: TestApp;
  beforeAll(async () => {
    shop = await openShop({ BOOKING_HOLD: '1s' });
    t = shop.t;
  });
  afterAll(() => t.close());

  it('expires an unpaid booking: My Orders says Expired, the book is Available and another buyer books it', async () => {
    const { buyer, book, bookingId } = await quickBooking(shop);
    const order = await myOrder(t, buyer, bookingId);
    expect(order?.status).toBeNull();
    const held = new Date(order!.holdUntil).getTime() - Date.now();
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(1000);

    await sleep(1200);
    await t.runJobs();
    expect(await myOrder(t, buyer, bookingId)).toMatchObject({ status: 'Expired', endReason: null });
    expect(await shop.bookStatus(book.id)).toBe('Available');
    expect(await listed(t)).toContain(book.id);
    const next = await t.newUser('Buyer');
    await bookAs(t, next, book.id);
    expect(await shop.bookStatus(book.id)).toBe('Booked');
    // The expired one can no longer be paid.
    const late = await t.as(buyer)['create-payment-intent'].$post({ json: { bookingId } });
    expect(late.status).toBe(409);
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('never expires a paid booking', async () => {
    const { buyer, book, bookingId } = await quickBooking(shop);
    await payInFull(t, buyer, bookingId);
    await outlive(t, bookingId);
    await t.runJobs();
    expect((await myOrder(t, buyer, bookingId))?.status).toBe('Paid');
    expect(await shop.bookStatus(book.id)).toBe('Sold');
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('cancels the open payment of an expired booking, and the buyer can then delete the order', async () => {
    const { buyer, book, bookingId } = await quickBooking(shop);
    const secret = await startPaying(t, buyer, bookingId);
    await outlive(t, bookingId);
    await t.runJobs();
    expect((await myOrder(t, buyer, bookingId))?.status).toBe('Expired');
    const [intent] = await t.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.bookingId, bookingId));
    expect(intent?.status).toBe('canceled');
    // The card form left open is refused, and nothing is charged.
    expect((await confirmTestCard(t, buyer, secret)).status).toBe(409);

    const deleted = await t.as(buyer).wishList[':id'].$delete({ param: { id: bookingId } });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deletedCount: 1 });
    expect(await myOrder(t, buyer, bookingId)).toBeUndefined();
    expect(await shop.bookStatus(book.id)).toBe('Available');
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('deletes an Expired order that never had a payment', async () => {
    const { buyer, bookingId } = await quickBooking(shop);
    await outlive(t, bookingId);
    await t.runJobs();
    expect((await myOrder(t, buyer, bookingId))?.status).toBe('Expired');
    const deleted = await t.as(buyer).wishList[':id'].$delete({ param: { id: bookingId } });
    expect(deleted.status).toBe(200);
    expect(await myOrder(t, buyer, bookingId)).toBeUndefined();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('the seller cancels a booking', () => {
  let shop: Shop;
  let t: TestApp;
  beforeAll(async () => {
    shop = await openShop();
    t = shop.t;
  });
  afterAll(() => t.close());

  // Raw calls: bodies of any shape.
  const cancel = (bookingId: string, as: TestUser, json: unknown) =>
    t.call('POST', `/api/booking/${bookingId}/cancel`, { as, json });

  it('with a reason: 200, the book Available at once, the buyer sees Cancelled and why', async () => {
    const { buyer, book, bookingId } = await quickBooking(shop);
    const res = await cancel(bookingId, shop.seller, { reason: '  Sold it at the market, sorry  ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    expect(await shop.bookStatus(book.id)).toBe('Available');
    expect(await listed(t)).toContain(book.id);
    expect(await myOrder(t, buyer, bookingId)).toMatchObject({
      status: 'Cancelled',
      endReason: 'Sold it at the market, sorry',
    });
    // Cancelled once is enough.
    expect((await cancel(bookingId, shop.seller, { reason: 'again' })).status).toBe(409);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('another seller gets 403 and the buyer 403; nothing changes', async () => {
    const { buyer, book, bookingId } = await quickBooking(shop);
    const stranger = await t.newUser('Seller');
    for (const who of [stranger, buyer]) {
      const res = await cancel(bookingId, who, { reason: 'Not mine to cancel' });
      expect(res.status).toBe(403);
    }
    expect(await shop.bookStatus(book.id)).toBe('Booked');
    expect((await myOrder(t, buyer, bookingId))?.status).toBeNull();
  });

  it('a paid booking: 409, it stays Paid', async () => {
    const { buyer, book, bookingId } = await quickBooking(shop);
    await payInFull(t, buyer, bookingId);
    const res = await cancel(bookingId, shop.seller, { reason: 'Changed my mind' });
    expect((await errorOf(res, 409)).code).toBe('CONFLICT');
    expect((await myOrder(t, buyer, bookingId))?.status).toBe('Paid');
    expect(await shop.bookStatus(book.id)).toBe('Sold');
  });

  it('a bad reason (missing, empty, blank, 301 characters) is 400; 300 characters are fine', async () => {
    const { buyer, book, bookingId } = await quickBooking(shop);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(301) }, { reason: 42 }]) {
      const res = await cancel(bookingId, shop.seller, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await shop.bookStatus(book.id)).toBe('Booked');
    const res = await cancel(bookingId, shop.seller, { reason: 'y'.repeat(300) });
    expect(res.status).toBe(200);
    expect((await myOrder(t, buyer, bookingId))?.endReason).toBe('y'.repeat(300));
  });

  it('a payment that arrives after the cancel is refunded: 409, the order Refunded, the refund made', async () => {
    const { buyer, book, bookingId } = await quickBooking(shop);
    const confirmed = await confirmTestCard(t, buyer, await startPaying(t, buyer, bookingId));
    const { transactionId } = await jsonOf(confirmed, 200);
    expect((await cancel(bookingId, shop.seller, { reason: 'The cover is torn' })).status).toBe(200);

    const late = await t.as(buyer).payments.$post({ json: { bookingId, transactionId } });
    expect(late.status).toBe(409);
    expect(await myOrder(t, buyer, bookingId)).toMatchObject({ status: 'Refunded', endReason: 'The cover is torn' });
    expect(await shop.bookStatus(book.id)).toBe('Available');
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.transactionId, transactionId));
    expect(refund).toMatchObject({ bookingId, status: 'pending', amountCents: 1000 });

    await t.runJobs();
    const made = await t.db.select().from(testRefunds).where(eq(testRefunds.paymentIntentId, transactionId));
    expect(made).toHaveLength(1);
    expect(made[0]!.amount).toBe(1000);
    const [done] = await t.db.select().from(refunds).where(eq(refunds.transactionId, transactionId));
    expect(done?.status).toBe('succeeded');
    // A Refunded order stays as the record of the refund.
    expect((await t.as(buyer).wishList[':id'].$delete({ param: { id: bookingId } })).status).toBe(409);
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('reports hide a book at the third reporter (REPORT_HIDE_THRESHOLD unset)', () => {
  let shop: Shop;
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    shop = await openShop();
    t = shop.t;
    admin = await t.newUser('Admin');
  });
  afterAll(() => t.close());

  it('1 and 2 reports keep it listed and bookable; the 3rd hides it and stops booking and paying; dismissal lists it again', async () => {
    const reporters = await Promise.all([1, 2, 3].map(() => t.newUser('Buyer', countingReporter())));
    const free = await shop.newBook(); // stays Available
    const held = await shop.newBook(); // booked between the second and third reports
    const report = async (who: TestUser, bookId: string) =>
      expect(
        (await t.as(who).books.report[':id'].$put({ param: { id: bookId }, json: { reason: 'Fake' } })).status,
      ).toBe(200);

    for (const reporter of reporters.slice(0, 2)) {
      await report(reporter, free.id);
      await report(reporter, held.id);
      expect(await listed(t)).toEqual(expect.arrayContaining([free.id, held.id]));
    }
    const buyer = await t.newUser('Buyer');
    const bookingId = await bookAs(t, buyer, held.id);

    await report(reporters[2]!, free.id);
    await report(reporters[2]!, held.id);
    expect(await listed(t)).not.toContain(free.id);
    const refused = await t
      .as(await t.newUser('Buyer'))
      .booking.$post({ json: { bookId: free.id, contact: '+1 555 0100' } });
    expect(refused.status).toBe(409);
    const unpayable = await t.as(buyer)['create-payment-intent'].$post({ json: { bookingId } });
    expect(unpayable.status).toBe(409);
    expect(await t.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.bookingId, bookingId))).toEqual([]);

    for (const book of [free, held]) {
      const dismissed = await t.as(admin).reportItems[':bookId'].$delete({ param: { bookId: book.id } });
      expect(dismissed.status).toBe(200);
      expect(await dismissed.json()).toEqual({ acknowledged: true, deletedCount: 3 });
    }
    expect(await listed(t)).toContain(free.id);
    await bookAs(t, await t.newUser('Buyer'), free.id);
    expect((await t.as(buyer)['create-payment-intent'].$post({ json: { bookingId } })).status).toBe(200);
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refunds a charge that raced the third report, cancels the open payment, and lets the buyer pay once listed again', async () => {
    const reporters = await Promise.all([1, 2, 3].map(() => t.newUser('Buyer', countingReporter())));
    const { buyer, book, bookingId } = await quickBooking(shop);
    const charged = await confirmTestCard(t, buyer, await startPaying(t, buyer, bookingId));
    const { transactionId } = await jsonOf(charged, 200);
    for (const reporter of reporters) {
      expect((await t.as(reporter).books.report[':id'].$put({ param: { id: book.id }, json: {} })).status).toBe(200);
    }
    const late = await t.as(buyer).payments.$post({ json: { bookingId, transactionId } });
    expect(await errorOf(late, 409)).toMatchObject({
      error: 'This payment is being refunded: the book is under review after reports, so it cannot be paid for now',
    });
    await t.runJobs();
    expect(await t.db.select().from(testRefunds).where(eq(testRefunds.paymentIntentId, transactionId))).toHaveLength(1);
    expect(await myOrder(t, buyer, bookingId)).toMatchObject({ status: null });

    expect((await t.as(admin).reportItems[':bookId'].$delete({ param: { bookId: book.id } })).status).toBe(200);
    const { insertedId } = await payInFull(t, buyer, bookingId);
    expect(insertedId).toBeTruthy();
    expect(await myOrder(t, buyer, bookingId)).toMatchObject({ status: 'Paid' });
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
