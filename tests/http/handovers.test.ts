import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { bookings, payments, refunds } from '#server/db/schema/orders.ts';
import { testRefunds } from '#server/db/schema/test-payments.ts';
import { canReportProblem } from '#shared/handover.ts';
import { en } from '#shared/i18n/english.ts';
import type { SellerBook } from '#shared/schemas/book.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';
import type { HandoverProblem } from '#shared/schemas/handover.ts';
import { ledgerViolations } from '../support/invariants.ts';
import { bookAs, openShop, payInFull } from '../support/orders.ts';
import { errorOf, type TestUser } from '../support/test-app.ts';

// The handover of a paid order at the meetup (ADR 020), through the real app: the buyer's code, the seller's
// tries, the buyer's problem report after HANDOVER_PERIOD (2 s here), and the admin's refund or dismissal.

const period = 2000;
const shop = await openShop({ HANDOVER_PERIOD: '2s' });
const { t, seller } = shop;
afterAll(() => t.close());
const admin = await t.newUser('Admin');

/** A new buyer's paid order of a new book of the seller's. */
async function paidOrder() {
  const buyer = await t.newUser('Buyer');
  const book = await shop.newBook();
  const bookingId = await bookAs(t, buyer, book.id);
  await payInFull(t, buyer, bookingId);
  return { buyer, bookId: book.id, bookingId };
}

async function myOrder(buyer: TestUser, bookingId: string, as = buyer) {
  const res = await t.call('GET', `/api/wishList/${encodeURIComponent(buyer.email)}`, { as });
  expect(res.status).toBe(200);
  return ((await res.json()) as BookingItem[]).find((item) => item._id === bookingId)!;
}

async function sellerBook(bookId: string) {
  const res = await t.call('GET', `/api/books?email=${encodeURIComponent(seller.email)}&limit=100`, { as: seller });
  return ((await res.json()) as SellerBook[]).find((book) => book._id === bookId)!;
}

const enter = (bookingId: string, code: string, as = seller) =>
  t.call('POST', `/api/handovers/${bookingId}/code`, { as, json: { code } });
const report = (bookingId: string, as: TestUser, reason = 'The seller did not come') =>
  t.call('POST', `/api/handovers/${bookingId}/problem`, { as, json: { reason } });

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function mailsTo(userId: string, template: string) {
  const rows = await t.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.template, template)));
  return rows.length;
}

describe('the handover code', () => {
  it("is in the buyer's own answers only: never the seller's, the book's or an admin's", async () => {
    const { buyer, bookId, bookingId } = await paidOrder();
    const mine = await myOrder(buyer, bookingId);
    expect(mine.handover).toMatchObject({ state: 'awaiting', problemReported: false });
    expect(canReportProblem(mine.handover!)).toBe(false);
    const code = mine.handover!.code!;
    expect(code).toMatch(/^\d{6}$/);
    const item = await t.call('GET', `/api/bookingItems/${bookingId}`, { as: buyer });
    expect(((await item.json()) as BookingItem).handover?.code).toBe(code);

    const others = [
      t.call('GET', `/api/books?email=${encodeURIComponent(seller.email)}&limit=100`, { as: seller }),
      t.call('GET', `/api/books/item/${bookId}`),
      t.call('GET', `/api/books/item/${bookId}/related`),
      t.call('GET', `/api/wishList/${encodeURIComponent(buyer.email)}`, { as: admin }),
      t.call('GET', '/api/handoverProblems', { as: admin }),
      t.call('GET', '/api/reportItems', { as: admin }),
    ];
    for (const res of await Promise.all(others)) expect(await res.text()).not.toContain(code);
    expect((await sellerBook(bookId)).booking?.handover).toEqual({ state: 'awaiting', triesLeft: 5 });
  });

  it('marks the order Handed over for both when the seller enters the right code, and mails the buyer', async () => {
    const { buyer, bookId, bookingId } = await paidOrder();
    const code = (await myOrder(buyer, bookingId)).handover!.code!;
    const wrong = await enter(bookingId, otherThan(code));
    expect(await errorOf(wrong, 400)).toMatchObject({ field: 'code', error: en.handover.wrongCode({ left: 4 }) });

    const right = await enter(bookingId, code);
    expect(right.status).toBe(200);
    expect((await myOrder(buyer, bookingId)).handover).toMatchObject({ state: 'handedOver', code: null });
    expect((await sellerBook(bookId)).booking?.handover?.state).toBe('handedOver');
    expect(await mailsTo(buyer.id, 'handed-over')).toBe(1);
    expect((await enter(bookingId, code)).status).toBe(409);
  });

  it('refuses every code after 5 wrong ones, the right one too', async () => {
    const { buyer, bookId, bookingId } = await paidOrder();
    const code = (await myOrder(buyer, bookingId)).handover!.code!;
    for (let left = 4; left >= 0; left--) {
      const res = await enter(bookingId, otherThan(code));
      expect((await errorOf(res, 400)).error).toBe(en.handover.wrongCode({ left }));
    }
    const locked = await enter(bookingId, code);
    expect((await errorOf(locked, 409)).error).toBe(en.handover.locked);
    expect((await sellerBook(bookId)).booking?.handover).toEqual({ state: 'awaiting', triesLeft: 0 });
    expect((await myOrder(buyer, bookingId)).handover?.state).toBe('awaiting');
  });

  it('lets only the seller of the order try (403), only on a paid order (409), and only 6 digits (400)', async () => {
    const { buyer, bookingId } = await paidOrder();
    const code = (await myOrder(buyer, bookingId)).handover!.code!;
    for (const as of [buyer, admin, await t.newUser('Seller')])
      expect((await enter(bookingId, code, as)).status).toBe(403);
    for (const malformed of ['12345', '1234567', 'abcdef', '']) {
      const res = await enter(bookingId, malformed);
      expect((await errorOf(res, 400)).field).toBe('code');
    }
    const unpaid = await bookAs(t, await t.newUser('Buyer'), (await shop.newBook()).id);
    expect((await enter(unpaid, '123456')).status).toBe(409);
    // None of these counted as a wrong try.
    expect((await sellerBook((await myOrder(buyer, bookingId)).bookId)).booking?.handover?.triesLeft).toBe(5);
  });
});

describe('a problem report', () => {
  let orders: Awaited<ReturnType<typeof paidOrder>>[];
  beforeAll(async () => {
    orders = [];
    for (let i = 0; i < 4; i++) orders.push(await paidOrder());
  });

  it('is refused before HANDOVER_PERIOD has passed, then reaches the admins once', async () => {
    const { buyer, bookingId } = orders[0]!;
    const early = await report(bookingId, buyer);
    expect((await errorOf(early, 409)).error).toMatch(/you can report a problem from/);
    await sleep(period);

    expect(canReportProblem((await myOrder(buyer, bookingId)).handover!)).toBe(true);
    expect((await report(bookingId, orders[1]!.buyer)).status).toBe(403);
    expect((await report(bookingId, buyer, ' ')).status).toBe(400);
    expect((await report(bookingId, buyer)).status).toBe(200);
    expect((await report(bookingId, buyer)).status).toBe(409);
    expect((await myOrder(buyer, bookingId)).handover).toMatchObject({
      state: 'problemReported',
      problemReported: true,
    });
    expect(await mailsTo(seller.id, 'handover-problem-reported')).toBeGreaterThanOrEqual(1);

    const queue = await t.call('GET', '/api/handoverProblems', { as: admin });
    const problem = ((await queue.json()) as HandoverProblem[]).find((p) => p.bookingId === bookingId);
    expect(problem).toMatchObject({
      buyerEmail: buyer.email,
      sellerEmail: seller.email,
      reason: 'The seller did not come',
    });
  });

  it('refunded by an admin: refunded at the test processor, the order Refunded, the listing removed, both told', async () => {
    const { buyer, bookId, bookingId } = orders[0]!;
    const res = await t.call('POST', `/api/handoverProblems/${bookingId}/refund`, { as: admin });
    expect(res.status).toBe(200);
    expect((await t.call('POST', `/api/handoverProblems/${bookingId}/refund`, { as: admin })).status).toBe(409);
    await t.runJobs();

    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(refund?.status).toBe('succeeded');
    const made = await t.db.select().from(testRefunds).where(eq(testRefunds.paymentIntentId, refund!.transactionId));
    expect(made).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([]);
    expect(await myOrder(buyer, bookingId)).toMatchObject({
      status: 'Refunded',
      handover: { state: 'refunded', code: null },
    });
    expect(await sellerBook(bookId)).toBeUndefined();
    expect(await mailsTo(buyer.id, 'handover-refunded-buyer')).toBe(1);
    expect(await mailsTo(seller.id, 'handover-refunded-seller')).toBeGreaterThanOrEqual(1);
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('dismissed by an admin: the order stays paid and awaits its handover; no second report', async () => {
    const { buyer, bookingId } = orders[1]!;
    expect((await report(bookingId, buyer)).status).toBe(200);
    expect((await t.call('POST', `/api/handoverProblems/${bookingId}/dismiss`, { as: admin })).status).toBe(200);
    expect((await t.call('POST', `/api/handoverProblems/${bookingId}/refund`, { as: admin })).status).toBe(409);
    expect(await myOrder(buyer, bookingId)).toMatchObject({
      status: 'Paid',
      handover: { state: 'awaiting', problemReported: true },
    });
    expect((await report(bookingId, buyer)).status).toBe(409);
    expect(await mailsTo(buyer.id, 'handover-problem-dismissed')).toBe(1);
  });

  it('cannot be refunded once the seller entered the code', async () => {
    const { buyer, bookingId } = orders[2]!;
    expect((await report(bookingId, buyer)).status).toBe(200);
    const code = (await myOrder(buyer, bookingId)).handover!.code!;
    expect((await enter(bookingId, code)).status).toBe(200);
    expect((await t.call('POST', `/api/handoverProblems/${bookingId}/refund`, { as: admin })).status).toBe(409);
    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe('Paid');
  });
});

describe('the right code racing a refund', () => {
  it('has exactly one winner each round, and the ledger stays whole', async () => {
    const rounds: Awaited<ReturnType<typeof paidOrder>>[] = [];
    for (let i = 0; i < 6; i++) rounds.push(await paidOrder());
    await sleep(period);
    const won = { handedOver: 0, refunded: 0 };
    for (const round of rounds) {
      const { buyer, bookingId } = round;
      const code = (await myOrder(buyer, bookingId)).handover!.code!;
      expect((await report(bookingId, buyer)).status).toBe(200);
      const refund = () => t.call('POST', `/api/handoverProblems/${bookingId}/refund`, { as: admin });
      // Each side starts first in turn, so that each can win.
      const [handed, refunded] = (
        rounds.indexOf(round) % 2 === 0
          ? await Promise.all([enter(bookingId, code), refund()])
          : (await Promise.all([refund(), enter(bookingId, code)])).reverse()
      ) as [Response, Response];
      expect([handed.status, refunded.status].sort()).toEqual([200, 409]);
      const { status, handover } = await myOrder(buyer, bookingId);
      won[handed.status === 200 ? 'handedOver' : 'refunded'] += 1;
      if (handed.status === 200)
        expect({ status, state: handover?.state }).toEqual({ status: 'Paid', state: 'handedOver' });
      else expect(status).toBe('Refunded');
    }
    console.log(`right code racing a refund (6 rounds): ${won.handedOver}× handed over, ${won.refunded}× refunded`);
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
