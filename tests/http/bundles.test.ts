import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { handovers } from '#server/db/schema/handovers.ts';
import { bookingBooks, bookings, payments, refunds } from '#server/db/schema/orders.ts';
import { payoutTransfers } from '#server/db/schema/payouts.ts';
import { en } from '#shared/i18n/english.ts';
import type { SellerBook } from '#shared/schemas/book.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';
import type { BundleQuote } from '#shared/schemas/bundle.ts';
import { countingReporter, createBook } from '../support/factories.ts';
import { invariantViolations, ledgerViolations } from '../support/invariants.ts';
import { bookAs, openShop, payInFull, type Shop, startPaying } from '../support/orders.ts';
import { errorOf, type TestApp, type TestUser } from '../support/test-app.ts';

// Bundles (ADR 031): several books of one seller booked as one order, paid once, handed over with one code; and
// everything that holds for a booking holding for it, through the HTTP API as buyers, sellers and admins use it.

const shop = await openShop({ HANDOVER_PERIOD: '2s', BOOKING_HOLD: '3s' });
const { t, seller } = shop;
afterAll(() => t.close());
const admin = await t.newUser('Admin');

const call = (method: string, path: string, as: TestUser | undefined, json?: unknown) =>
  t.call(method, path, { ...(as && { as }), ...(json !== undefined && { json }) });

async function quote(bookIds: string[], as?: TestUser): Promise<BundleQuote> {
  const res = await call('POST', '/api/bundles/quote', as, { bookIds });
  expect(res.status).toBe(200);
  return (await res.json()) as BundleQuote;
}

const bundleOf = (bookIds: string[], as: TestUser, total: number) =>
  call('POST', '/api/bundles', as, { bookIds, contact: '+1 555 0100', meetinglocation: 'Library steps', total });

/** Books the bundle at its quoted total; answers the order's id. */
async function book(bookIds: string[], as: TestUser): Promise<string> {
  const { total } = await quote(bookIds, as);
  const res = await bundleOf(bookIds, as, total);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** New books of the seller's at these prices (in cents). */
const newBooks = (prices: number[], s: Shop = shop) =>
  Promise.all(prices.map((resalePriceCents) => s.newBook({ resalePriceCents })));

const statuses = async (ids: string[], app: TestApp = t) =>
  (await app.db.select({ id: books.id, status: books.status }).from(books).where(inArray(books.id, ids)))
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
    .map((row) => row.status);

async function myOrders(buyer: TestUser, app: TestApp = t) {
  const res = await app.call('GET', `/api/wishList/${encodeURIComponent(buyer.email)}`, { as: buyer });
  expect(res.status).toBe(200);
  return (await res.json()) as BookingItem[];
}

async function sellerBooks(as: TestUser = seller) {
  const res = await t.call('GET', `/api/books?email=${encodeURIComponent(as.email)}&limit=100`, { as });
  return (await res.json()) as SellerBook[];
}

const setDiscount = (percent: number, minBooks: number, as: TestUser = seller) =>
  call('PUT', '/api/users/me/bundle-discount', as, { percent, minBooks });

describe("the seller's bundle discount", () => {
  it('is set by a seller, read by anyone, and removed', async () => {
    expect(
      (await (await call('GET', `/api/sellers/${seller.id}/bundle-discount`, undefined)).json()) as unknown,
    ).toEqual({ discount: null });
    expect((await setDiscount(10, 3)).status).toBe(200);
    const read = await call('GET', `/api/sellers/${seller.id}/bundle-discount`, undefined);
    expect(await read.json()).toEqual({ discount: { percent: 10, minBooks: 3 } });
    expect((await call('DELETE', '/api/users/me/bundle-discount', seller)).status).toBe(200);
    expect(await (await call('GET', `/api/sellers/${seller.id}/bundle-discount`, undefined)).json()).toEqual({
      discount: null,
    });
  });

  it('refuses buyers (403), strangers (401), bad numbers (400 naming the field), and unknown sellers (404)', async () => {
    const buyer = await t.newUser('Buyer');
    expect((await setDiscount(10, 3, buyer)).status).toBe(403);
    expect((await call('PUT', '/api/users/me/bundle-discount', undefined, { percent: 10, minBooks: 3 })).status).toBe(
      401,
    );
    for (const [percent, minBooks, field] of [
      [0, 3, 'percent'],
      [51, 3, 'percent'],
      [10.5, 3, 'percent'],
      [10, 1, 'minBooks'],
      [10, 21, 'minBooks'],
    ] as const) {
      const error = await errorOf(await setDiscount(percent, minBooks), 400);
      expect(error.field).toBe(field);
    }
    expect((await call('GET', '/api/sellers/nobody-at-all/bundle-discount', undefined)).status).toBe(404);
  });
});

describe('a quote', () => {
  it('shows the discount from the seller’s number of books, before booking', async () => {
    await setDiscount(10, 3);
    const [a, b, c] = await newBooks([1000, 800, 555]);
    const two = await quote([a!.id, b!.id]);
    expect(two).toMatchObject({ subtotal: 18, discountAmount: 0, total: 18, discount: { percent: 10, minBooks: 3 } });
    const three = await quote([a!.id, b!.id, c!.id]);
    expect(three).toMatchObject({ subtotal: 23.55, discountAmount: 2.35, total: 21.2 });
    expect(three.seller).toEqual({ id: seller.id, name: seller.name });
    expect(three.books.map((x) => x._id)).toEqual([a!.id, b!.id, c!.id]);
  });

  it('marks books no longer available and prices only the rest', async () => {
    await setDiscount(10, 3);
    const [a, b, c] = await newBooks([1000, 1000, 1000]);
    const buyer = await t.newUser('Buyer');
    await bookAs(t, buyer, c!.id);
    const q = await quote([a!.id, b!.id, c!.id]);
    expect(q.books.map((x) => x.available)).toEqual([true, true, false]);
    expect(q).toMatchObject({ subtotal: 20, discountAmount: 0, total: 20 });
  });

  it('refuses books of two sellers (400), an unknown book (404), no books or a book twice (400)', async () => {
    const other = await openShopSeller();
    const [a] = await newBooks([1000]);
    const [mine] = await t.db.select({ categoryId: books.categoryId }).from(books).where(eq(books.id, a!.id));
    const theirs = await createBook(t.db, { sellerId: other.id, categoryId: mine!.categoryId });
    expect(
      (await errorOf(await call('POST', '/api/bundles/quote', undefined, { bookIds: [a!.id, theirs.id] }), 400)).error,
    ).toBe(en.bundles.oneSeller);
    expect(
      (await call('POST', '/api/bundles/quote', undefined, { bookIds: [a!.id, crypto.randomUUID()] })).status,
    ).toBe(404);
    expect((await errorOf(await call('POST', '/api/bundles/quote', undefined, { bookIds: [] }), 400)).field).toBe(
      'bookIds',
    );
    expect(
      (await errorOf(await call('POST', '/api/bundles/quote', undefined, { bookIds: [a!.id, a!.id] }), 400)).field,
    ).toBe('bookIds');
  });
});

async function openShopSeller() {
  return t.newUser('Seller', { verified: true });
}

describe('booking a bundle', () => {
  it('makes ONE order of all its books, Booked together, shown in My Orders with its books and discount', async () => {
    await setDiscount(10, 3);
    const [a, b, c] = await newBooks([1000, 800, 555]);
    const buyer = await t.newUser('Buyer');
    const ids = [a!.id, b!.id, c!.id];
    const id = await book(ids, buyer);
    expect(await statuses(ids)).toEqual(['Booked', 'Booked', 'Booked']);
    const orders = await myOrders(buyer);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      _id: id,
      bookId: a!.id,
      price: 21.2,
      contact: '+1 555 0100',
      meetinglocation: 'Library steps',
      status: null,
      bundle: {
        subtotal: 23.55,
        discount: 2.35,
        books: [
          { bookId: a!.id, price: 10 },
          { bookId: b!.id, price: 8 },
          { bookId: c!.id, price: 5.55 },
        ],
      },
    });
    expect(orders[0]!.bundle!.books.reduce((sum, line) => sum + Math.round(line.charged * 100), 0)).toBe(2120);
    expect(orders[0]!.bookName).toBe(
      en.bundles.orderName({ count: 3, names: [a!.bookName, b!.bookName, c!.bookName].join(', ') }),
    );
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('is shown to the seller as one booking on each of its books, with its books', async () => {
    await setDiscount(10, 3);
    const [a, b, c] = await newBooks([1000, 1000, 1000]);
    const buyer = await t.newUser('Buyer');
    const id = await book([a!.id, b!.id, c!.id], buyer);
    const mine = (await sellerBooks()).filter((x) => [a!.id, b!.id, c!.id].includes(x._id));
    expect(mine).toHaveLength(3);
    for (const listing of mine) {
      expect(listing.booking).toMatchObject({ _id: id, buyerName: buyer.name, bundleLeadBookId: a!.id });
      expect(listing.booking!.bundle!.books.map((line) => line.bookId)).toEqual([a!.id, b!.id, c!.id]);
    }
  });

  it('refuses the whole bundle naming a book booked first, and holds none of its books', async () => {
    const [a, b, c] = await newBooks([1000, 1000, 1000]);
    const first = await t.newUser('Buyer');
    await bookAs(t, first, b!.id);
    const buyer = await t.newUser('Buyer');
    const error = await errorOf(await bundleOf([a!.id, b!.id, c!.id], buyer, 30), 409);
    expect(error.error).toBe(en.bundles.notAvailable.one({ name: b!.bookName }));
    expect(error.field).toBe('bookIds');
    expect(await statuses([a!.id, b!.id, c!.id])).toEqual(['Available', 'Booked', 'Available']);
    expect(await myOrders(buyer)).toEqual([]);
    // Offered without it: the rest books at the new quote.
    const rest = [a!.id, c!.id];
    await book(rest, buyer);
    expect(await statuses(rest)).toEqual(['Booked', 'Booked']);
  });

  it('refuses a total other than the price now (409, field total), e.g. after the discount changed', async () => {
    await setDiscount(10, 3);
    const [a, b, c] = await newBooks([1000, 1000, 1000]);
    const buyer = await t.newUser('Buyer');
    const { total } = await quote([a!.id, b!.id, c!.id]);
    await setDiscount(20, 3);
    const error = await errorOf(await bundleOf([a!.id, b!.id, c!.id], buyer, total), 409);
    expect(error).toMatchObject({ field: 'total', error: en.bundles.priceChanged });
    expect(await statuses([a!.id, b!.id, c!.id])).toEqual(['Available', 'Available', 'Available']);
    await setDiscount(10, 3);
  });

  it('refuses one book (400), the seller’s own books (403), strangers (401), and bad phone numbers (400)', async () => {
    const [a, b] = await newBooks([1000, 1000]);
    const buyer = await t.newUser('Buyer');
    expect((await errorOf(await bundleOf([a!.id], buyer, 10), 400)).error).toBe(en.bundles.tooFew({ min: 2 }));
    expect((await errorOf(await bundleOf([a!.id, b!.id], seller, 20), 403)).error).toBe(en.bundles.ownBooks);
    expect((await bundleOf([a!.id, b!.id], undefined as unknown as TestUser, 20)).status).toBe(401);
    const bad = await call('POST', '/api/bundles', buyer, { bookIds: [a!.id, b!.id], contact: 'call me', total: 20 });
    expect((await errorOf(bad, 400)).field).toBe('contact');
    expect(await statuses([a!.id, b!.id])).toEqual(['Available', 'Available']);
  });

  it('counts as ONE unpaid booking for the holds cap (MAX_OPEN_HOLDS, 3)', async () => {
    const buyer = await t.newUser('Buyer');
    const bundle = await newBooks([1000, 1000, 1000, 1000]);
    await book(
      bundle.map((x) => x.id),
      buyer,
    );
    const [one, two, three] = await newBooks([1000, 1000, 1000]);
    await bookAs(t, buyer, one!.id);
    await bookAs(t, buyer, two!.id);
    const refused = await call('POST', '/api/booking', buyer, { bookId: three!.id, contact: '+1 555 0100' });
    expect((await errorOf(refused, 409)).error).toBe(en.booking.tooManyHolds({ max: 3 }));
    const [x, y] = await newBooks([1000, 1000]);
    expect((await errorOf(await bundleOf([x!.id, y!.id], buyer, 20), 409)).error).toBe(
      en.booking.tooManyHolds({ max: 3 }),
    );
  });
});

describe('a bundle paid once and handed over with one code', () => {
  it('one card payment makes every book Sold, one handover code; one right code hands over the bundle and releases one payout', async () => {
    await setDiscount(10, 3);
    const list = await newBooks([1000, 800, 555]);
    const ids = list.map((x) => x.id);
    const buyer = await t.newUser('Buyer');
    const id = await book(ids, buyer);
    const { transactionId } = await payInFull(t, buyer, id);
    expect(await statuses(ids)).toEqual(['Sold', 'Sold', 'Sold']);
    const paid = await t.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ priceCents: 2120, transactionId });
    const [order] = await myOrders(buyer);
    expect(order!.status).toBe('Paid');
    const code = order!.handover!.code!;
    expect(code).toMatch(/^\d{6}$/);
    // The seller sees the bundle on each book, never the code, and enters it once.
    for (const listing of (await sellerBooks()).filter((x) => ids.includes(x._id))) {
      expect(listing.booking).toMatchObject({ _id: id, status: 'Paid', handover: { state: 'awaiting' } });
    }
    const entered = await call('POST', `/api/handovers/${id}/code`, seller, { code });
    expect(entered.status).toBe(200);
    for (const listing of (await sellerBooks()).filter((x) => ids.includes(x._id))) {
      expect(listing.booking!.handover!.state).toBe('handedOver');
    }
    const again = await call('POST', `/api/handovers/${id}/code`, seller, { code });
    expect(again.status).toBe(409);
    await t.runJobs();
    const transfers = await t.db.select().from(payoutTransfers).where(eq(payoutTransfers.bookingId, id));
    expect(transfers).toHaveLength(1);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(transfers[0]!.amountCents).toBe(row!.shareCents);
    expect(row!.shareCents! + row!.feeCents!).toBe(2120);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('the payment charges the bundle’s total, and no one else can pay it (403)', async () => {
    const list = await newBooks([1000, 1000]);
    const buyer = await t.newUser('Buyer');
    const id = await book(
      list.map((x) => x.id),
      buyer,
    );
    const other = await t.newUser('Buyer');
    expect((await call('POST', '/api/create-payment-intent', other, { bookingId: id })).status).toBe(403);
    const res = await call('POST', '/api/create-payment-intent', buyer, { bookingId: id });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { amount: number }).amount).toBe(20);
  });

  it('only the seller enters the code (403 for the buyer, another seller and an admin)', async () => {
    const list = await newBooks([1000, 1000]);
    const buyer = await t.newUser('Buyer');
    const id = await book(
      list.map((x) => x.id),
      buyer,
    );
    await payInFull(t, buyer, id);
    const code = (await myOrders(buyer))[0]!.handover!.code!;
    const otherSeller = await openShopSeller();
    for (const who of [buyer, otherSeller, admin]) {
      expect((await call('POST', `/api/handovers/${id}/code`, who, { code })).status).toBe(403);
    }
  });
});

describe('a bundle ends as a booking ends, for all its books', () => {
  it('its hold runs out: every book is on sale again', async () => {
    const list = await newBooks([1000, 1000, 1000]);
    const ids = list.map((x) => x.id);
    const buyer = await t.newUser('Buyer');
    const id = await book(ids, buyer);
    await sleep(3300);
    await t.runJobs();
    expect(await statuses(ids)).toEqual(['Available', 'Available', 'Available']);
    expect((await myOrders(buyer)).find((o) => o._id === id)!.status).toBe('Expired');
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('the seller cancels it (another seller may not, 403): every book is on sale again', async () => {
    const list = await newBooks([1000, 1000]);
    const ids = list.map((x) => x.id);
    const buyer = await t.newUser('Buyer');
    const id = await book(ids, buyer);
    const otherSeller = await openShopSeller();
    expect((await call('POST', `/api/booking/${id}/cancel`, otherSeller, { reason: 'No' })).status).toBe(403);
    expect((await call('POST', `/api/booking/${id}/cancel`, seller, { reason: 'Sold elsewhere' })).status).toBe(200);
    expect(await statuses(ids)).toEqual(['Available', 'Available']);
  });

  it('the buyer deletes it (someone else may not, 403): every book is on sale again, its lines go with it', async () => {
    const list = await newBooks([1000, 1000]);
    const ids = list.map((x) => x.id);
    const buyer = await t.newUser('Buyer');
    const id = await book(ids, buyer);
    expect((await call('DELETE', `/api/wishList/${id}`, await t.newUser('Buyer'))).status).toBe(403);
    expect((await call('DELETE', `/api/wishList/${id}`, buyer)).status).toBe(200);
    expect(await statuses(ids)).toEqual(['Available', 'Available']);
    expect(await t.db.select().from(bookingBooks).where(eq(bookingBooks.bookingId, id))).toEqual([]);
  });

  it('reports hiding one of its books stop its payment; the admin removing that book cancels the bundle and lists the rest again', async () => {
    const list = await newBooks([1000, 1000, 1000]);
    const ids = list.map((x) => x.id);
    const buyer = await t.newUser('Buyer');
    const id = await book(ids, buyer);
    const reporters = await Promise.all([1, 2, 3].map(() => t.newUser('Buyer', countingReporter())));
    for (const reporter of reporters) {
      expect((await call('PUT', `/api/books/report/${ids[1]}`, reporter, { reason: 'Fake' })).status).toBe(200);
    }
    expect(
      (await errorOf(await call('POST', '/api/create-payment-intent', buyer, { bookingId: id }), 409)).error,
    ).toMatch(/reported/);
    expect((await call('DELETE', `/api/reportItems/${ids[1]}/book`, admin)).status).toBe(200);
    expect(await statuses(ids)).toEqual(['Available', 'Removed', 'Available']);
    expect((await myOrders(buyer))[0]!.status).toBe('Cancelled');
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('a charge that arrives after the bundle ended is refunded whole, never recorded', async () => {
    const list = await newBooks([1000, 1000]);
    const ids = list.map((x) => x.id);
    const buyer = await t.newUser('Buyer');
    const id = await book(ids, buyer);
    const secret = await startPaying(t, buyer, id);
    expect((await call('POST', `/api/booking/${id}/cancel`, seller, { reason: 'Gone' })).status).toBe(200);
    await call('POST', '/api/payments/test/confirm', buyer, {
      clientSecret: secret,
      cardNumber: '4242424242424242',
      expiry: `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`,
      cvc: '123',
    });
    await t.settleAll();
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, id))).toEqual([]);
    expect(await statuses(ids)).toEqual(['Available', 'Available']);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a handover problem the admin refunds refunds the whole bundle once and removes every book', async () => {
    await setDiscount(10, 3);
    const list = await newBooks([1000, 1000, 1000]);
    const ids = list.map((x) => x.id);
    const buyer = await t.newUser('Buyer');
    const id = await book(ids, buyer);
    await payInFull(t, buyer, id);
    await sleep(2100);
    expect(
      (await call('POST', `/api/handovers/${id}/problem`, buyer, { reason: 'The seller never came' })).status,
    ).toBe(200);
    expect((await call('POST', `/api/handoverProblems/${id}/refund`, seller)).status).toBe(403);
    expect((await call('POST', `/api/handoverProblems/${id}/refund`, admin)).status).toBe(200);
    await t.runJobs();
    expect(await statuses(ids)).toEqual(['Removed', 'Removed', 'Removed']);
    const refunded = await t.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ amountCents: 2700, status: 'succeeded' });
    const [handover] = await t.db.select().from(handovers).where(eq(handovers.bookingId, id));
    expect(handover!.problemDecision).toBe('refunded');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
