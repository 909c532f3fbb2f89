import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { bookings, payments, refunds } from '#server/db/schema/orders.ts';
import { testPaymentIntents } from '#server/db/schema/test-payments.ts';
import { bookAs, confirmTestCard, openShop, payInFull, startPaying } from '../support/orders.ts';
import { errorOf, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const { t, seller, newBook, newBooking } = await openShop();
afterAll(() => t.close());

async function confirmedTransaction(buyer: TestUser, bookingId: string) {
  const res = await confirmTestCard(t, buyer, await startPaying(t, buyer, bookingId));
  return (await jsonOf(res, 200)).transactionId;
}

// Raw calls: the tests send bodies of any shape, and as nobody.
const record = (as: TestUser | undefined, json: unknown) => t.call('POST', '/api/payments', { as, json });

describe('POST /api/payments', () => {
  it('records a confirmed payment once: booking Paid and book Sold, with the booking’s own price', async () => {
    const { buyer, book, bookingId } = await newBooking(1250);
    const transactionId = await confirmedTransaction(buyer, bookingId);
    const res = await record(buyer, { bookingId, transactionId, price: 0.01, email: 'forged@example.test' });
    const { insertedId } = (await res.json()) as { insertedId: string };

    const [payment] = await t.db.select().from(payments).where(eq(payments.id, insertedId));
    expect(payment).toMatchObject({
      bookingId,
      bookId: book.id,
      email: buyer.email,
      priceCents: 1250,
      currency: 'USD',
      provider: 'test',
      transactionId,
    });
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('Paid');
    expect(booking!.paidAt).toBeInstanceOf(Date);
    const [bookRow] = await t.db.select({ status: books.status }).from(books).where(eq(books.id, book.id));
    expect(bookRow!.status).toBe('Sold');
  });

  it('answers the same insertedId to a retry or replay, never a second record', async () => {
    const { buyer, bookingId } = await newBooking();
    const { transactionId, insertedId } = await payInFull(t, buyer, bookingId);
    for (let i = 0; i < 3; i++) {
      const again = await record(buyer, { bookingId, transactionId });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ insertedId });
    }
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
  });

  it('refuses a transaction that has not gone through (the client’s word is not enough)', async () => {
    const { buyer, bookingId } = await newBooking();
    const secret = await startPaying(t, buyer, bookingId);
    const declined = await confirmTestCard(t, buyer, secret, '4000000000000002');
    expect(declined.status).toBe(402);
    const res = await record(buyer, { bookingId, transactionId: secret.split('_secret_')[0] });
    expect((await errorOf(res, 409)).error).toMatch(/has not gone through/);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([]);
  });

  it('refuses a transaction id the provider does not know', async () => {
    const { buyer, bookingId } = await newBooking();
    const res = await record(buyer, { bookingId, transactionId: 'pi_test_made_up' });
    expect(await errorOf(res, 400)).toEqual({
      error: 'The payment provider knows no such transaction',
      code: 'BAD_REQUEST',
    });
  });

  it("refuses to use one order's payment for another order", async () => {
    const buyer = await t.newUser('Buyer');
    const cheap = await bookAs(t, buyer, (await newBook()).id);
    const dear = await bookAs(t, buyer, (await newBook()).id);
    const paidForCheap = await confirmedTransaction(buyer, cheap);
    const res = await record(buyer, { bookingId: dear, transactionId: paidForCheap });
    expect(await errorOf(res, 400)).toEqual({ error: 'This transaction is for another order', code: 'BAD_REQUEST' });
  });

  it('refunds a charge whose amount does not match the booking, which still awaits payment', async () => {
    const { buyer, bookingId } = await newBooking(1250);
    const transactionId = await confirmedTransaction(buyer, bookingId);
    await t.db.update(testPaymentIntents).set({ amount: 50 }).where(eq(testPaymentIntents.id, transactionId));
    const res = await record(buyer, { bookingId, transactionId });
    expect(await errorOf(res, 409)).toEqual({
      error: 'This payment is being refunded: the amount paid did not match the price of the order',
      code: 'CONFLICT',
    });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.transactionId, transactionId));
    expect(refund).toMatchObject({ amountCents: 50, status: 'pending', bookingId });
    await t.runJobs();
    const [made] = await t.db.select().from(refunds).where(eq(refunds.transactionId, transactionId));
    expect(made!.status).toBe('succeeded');
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBeNull();
  });

  it("refuses someone else's order (403), an unknown one (404), bad input (400) and a visitor (401)", async () => {
    const { buyer, bookingId } = await newBooking();
    const transactionId = await confirmedTransaction(buyer, bookingId);
    expect((await record(await t.newUser('Buyer'), { bookingId, transactionId })).status).toBe(403);
    expect((await record(buyer, { bookingId: crypto.randomUUID(), transactionId })).status).toBe(404);
    expect((await record(buyer, { bookingId, transactionId: '' })).status).toBe(400);
    expect((await record(buyer, { bookingId: 'x', transactionId })).status).toBe(400);
    expect((await record(undefined, { bookingId, transactionId })).status).toBe(401);
  });

  it('refuses to start paying an order that is already paid', async () => {
    const { buyer, bookingId } = await newBooking();
    await payInFull(t, buyer, bookingId);
    const res = await t.as(buyer)['create-payment-intent'].$post({ json: { bookingId } });
    expect(await errorOf(res, 409)).toEqual({ error: 'This order is already paid', code: 'CONFLICT' });
  });
});

describe('PUT /api/books/payments/{bookId} (compatibility)', () => {
  it('changes nothing and answers modifiedCount 1 exactly when the caller paid for the book', async () => {
    const { buyer, book, bookingId } = await newBooking();
    const put = (as?: TestUser) => t.as(as).books.payments[':bookId'].$put({ param: { bookId: book.id } });
    expect(await (await put(buyer)).json()).toEqual({ modifiedCount: 0 });
    const [before] = await t.db.select({ status: books.status }).from(books).where(eq(books.id, book.id));
    expect(before!.status).toBe('Booked');
    await payInFull(t, buyer, bookingId);
    expect(await (await put(buyer)).json()).toEqual({ modifiedCount: 1 });
    expect(await (await put(await t.newUser('Buyer'))).json()).toEqual({ modifiedCount: 0 });
    expect(await (await put(seller)).json()).toEqual({ modifiedCount: 0 });
    expect((await put()).status).toBe(401);
    expect((await t.as(buyer).books.payments[':bookId'].$put({ param: { bookId: 'nope' } })).status).toBe(400);
  });
});
