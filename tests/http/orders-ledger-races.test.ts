import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { bookings, payments, refunds } from '#server/db/schema/orders.ts';
import { testPaymentIntents, testRefunds } from '#server/db/schema/test-payments.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { ledgerViolations } from '../support/invariants.ts';
import { bookAs, confirmTestCard, openShop, type Shop, startPaying } from '../support/orders.ts';
import type { TestApp, TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

// Races between the payment of a booking and everything else that can end it (the buyer deleting it, an admin
// removing the reported book or closing either account, the hold running out), through the real HTTP app on a
// database of its own. Each test ends by settling every charge the test processor knows and checking the
// money ledger (ADR 008): every succeeded charge is exactly one payment or one refund made at the provider.

// Each group of tests has a shop (app and database) of its own, so a broken rule is blamed on the race that broke it.
let shop: Shop;
let t: TestApp;
let admin: TestUser;

function ownShop(env: Record<string, string> = {}) {
  beforeAll(async () => {
    shop = await openShop(env);
    t = shop.t;
    admin = await t.newUser('Admin');
  });
  afterAll(() => t.close());
}

/** The booking row as it stands. */
async function bookingRow(app: TestApp, id: string) {
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

async function bookRow(app: TestApp, id: string) {
  const [row] = await app.db.select().from(books).where(eq(books.id, id));
  return row;
}

/** Opens the booking's intent and charges the test card; answers the transaction (intent) id. */
async function charge(app: TestApp, buyer: TestUser, bookingId: string) {
  const confirmed = await confirmTestCard(app, buyer, await startPaying(app, buyer, bookingId));
  return (await jsonOf(confirmed, 200)).transactionId;
}

/** What the payment page sends once the card went through. */
function record(app: TestApp, buyer: TestUser, bookingId: string, transactionId: string) {
  return app.call('POST', '/api/payments', { as: buyer, json: { bookingId, transactionId } });
}

/**
 * Charges the buyer's booking, then records the payment while the admin closes the account `closedId`, the close
 * with a head start that grows with `round` (so both orders happen); answers the record's and the close's answers.
 */
async function payWhileClosing(buyer: TestUser, bookingId: string, closedId: string, round: number) {
  const transactionId = await charge(t, buyer, bookingId);
  return Promise.all([
    sleep(round % 5).then(() => record(t, buyer, bookingId, transactionId)),
    t.as(admin).users[':id'].$delete({ param: { id: closedId } }),
  ]);
}

/** A user who reports the book (the body and its reason are optional). */
async function report(app: TestApp, reporter: TestUser, bookId: string) {
  const res = await app.call('PUT', `/api/books/report/${bookId}`, { as: reporter, json: {} });
  expect(res.status).toBe(200);
}

const removeReported = (app: TestApp, bookId: string) =>
  app.call('DELETE', `/api/reportItems/${bookId}/book`, { as: admin });

/** Tallies outcomes of repeated rounds, for the log line each race test prints. */
function tally() {
  const counts = new Map<string, number>();
  return {
    add: (outcome: string) => counts.set(outcome, (counts.get(outcome) ?? 0) + 1),
    toString: () => [...counts].map(([outcome, n]) => `${n}× ${outcome}`).join('; '),
  };
}

describe('opening the payment of one booking', () => {
  ownShop();
  it('20 parallel requests get one intent and the same client secret; after the charge, the charged one', async () => {
    const { buyer, bookingId } = await shop.newBooking();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.as(buyer)['create-payment-intent'].$post({ json: { bookingId } })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const secrets = new Set(await Promise.all(answers.map(async (r) => (await jsonOf(r, 200)).clientSecret)));
    expect(secrets.size).toBe(1);
    const [secret] = [...secrets];
    const intents = await t.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.bookingId, bookingId));
    expect(intents).toHaveLength(1);
    expect(intents[0]!.clientSecret).toBe(secret);
    expect((await bookingRow(t, bookingId))?.intentId).toBe(intents[0]!.id);

    const confirmed = await confirmTestCard(t, buyer, secret!);
    expect(confirmed.status).toBe(200);
    const again = await Promise.all(
      Array.from({ length: 8 }, () => t.as(buyer)['create-payment-intent'].$post({ json: { bookingId } })),
    );
    expect(again.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const res of again) expect((await jsonOf(res, 200)).clientSecret).toBe(secret);
    const [charged] = await t.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.bookingId, bookingId));
    expect(charged?.status).toBe('succeeded');
    expect(
      await t.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.bookingId, bookingId)),
    ).toHaveLength(1);

    // Nobody records it (the tab closed): the ledger job makes it the booking's payment.
    await t.settleAll();
    expect((await bookingRow(t, bookingId))?.status).toBe('Paid');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('paying while the buyer deletes the order', () => {
  ownShop();
  it('with the card already charged: the payment is recorded (200), the delete is 409, the booking Paid', async () => {
    for (let round = 0; round < 5; round++) {
      const { buyer, book, bookingId } = await shop.newBooking();
      const transactionId = await charge(t, buyer, bookingId);
      const [paid, deleted] = await Promise.all([
        record(t, buyer, bookingId, transactionId),
        t.as(buyer).wishList[':id'].$delete({ param: { id: bookingId } }),
      ]);
      expect([paid.status, deleted.status]).toEqual([200, 409]);
      expect((await bookingRow(t, bookingId))?.status).toBe('Paid');
      expect((await bookRow(t, book.id))?.status).toBe('Sold');
    }
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('with the intent open: either the delete wins and nothing is charged, or the card wins and is the payment', async () => {
    const outcomes = tally();
    const charged: string[] = [];
    for (let round = 0; round < 12; round++) {
      const { buyer, book, bookingId } = await shop.newBooking();
      const secret = await startPaying(t, buyer, bookingId);
      // The delete's first step is quicker than the card's checks: a growing head start for the card lets
      // both orders happen.
      const [deleted, confirmed] = await Promise.all([
        sleep(round % 6).then(() => t.as(buyer).wishList[':id'].$delete({ param: { id: bookingId } })),
        confirmTestCard(t, buyer, secret),
      ]);
      outcomes.add(`delete ${deleted.status}, confirm ${confirmed.status}`);
      const [intent] = await t.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.bookingId, bookingId));
      if (deleted.status === 200) {
        expect(confirmed.status).toBe(409);
        expect(intent?.status).toBe('canceled');
        expect(await bookingRow(t, bookingId)).toBeUndefined();
        expect((await bookRow(t, book.id))?.status).toBe('Available');
      } else {
        expect([deleted.status, confirmed.status]).toEqual([409, 200]);
        expect(intent?.status).toBe('succeeded');
        charged.push(bookingId);
      }
    }
    console.log(`delete racing the card (12 rounds): ${outcomes}`);
    await t.settleAll();
    for (const bookingId of charged) {
      expect((await bookingRow(t, bookingId))?.status).toBe('Paid');
      expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('paying while an admin removes the reported book', () => {
  ownShop();
  it('ends paid (removal 409, book Sold) or removed (booking Cancelled, the charge Refunded), never 500', async () => {
    // Two reports: in the admins' queue, still listed and payable (a third would hide it; see orders-holds).
    const reporters = await Promise.all([1, 2].map(() => t.newUser('Buyer')));
    const outcomes = tally();
    const refundedBookings: string[] = [];
    for (let round = 0; round < 10; round++) {
      const { buyer, book, bookingId } = await shop.newBooking();
      const transactionId = await charge(t, buyer, bookingId);
      for (const reporter of reporters) await report(t, reporter, book.id);
      expect(await bookRow(t, book.id)).toMatchObject({ reported: true, hidden: false });
      const [paid, removed] = await Promise.all([
        sleep(round % 4).then(() => record(t, buyer, bookingId, transactionId)),
        removeReported(t, book.id),
      ]);
      outcomes.add(`payment ${paid.status}, removal ${removed.status}`);
      expect(paid.status).toBeLessThan(500);
      expect(removed.status).toBeLessThan(500);
      if (paid.status === 200) {
        expect(removed.status).toBe(409);
        expect((await bookRow(t, book.id))?.status).toBe('Sold');
        expect((await bookingRow(t, bookingId))?.status).toBe('Paid');
      } else {
        expect([paid.status, removed.status]).toEqual([409, 200]);
        expect((await bookRow(t, book.id))?.status).toBe('Removed');
        expect((await bookingRow(t, bookingId))?.status).toBe('Refunded');
        refundedBookings.push(bookingId);
      }
    }
    console.log(`payment racing removal of the reported book (10 rounds): ${outcomes}`);
    await t.settleAll();
    for (const bookingId of refundedBookings) {
      const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
      expect(refund?.status).toBe('succeeded');
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe("paying while an admin closes the seller's account", () => {
  ownShop();
  let categoryId: string;
  beforeAll(async () => {
    categoryId = (await createCategory(t.db)).id;
  });

  it('never a 500, and a paid order stays Paid and readable by the buyer', async () => {
    const outcomes = tally();
    const rounds: { buyer: TestUser; bookingId: string; bookId: string; paid: boolean }[] = [];
    for (let round = 0; round < 10; round++) {
      const seller = await t.newUser('Seller');
      const buyer = await t.newUser('Buyer');
      const book = await createBook(t.db, { sellerId: seller.id, categoryId });
      const bookingId = await bookAs(t, buyer, book.id);
      const [paid, closed] = await payWhileClosing(buyer, bookingId, seller.id, round);
      outcomes.add(`payment ${paid.status}, close ${closed.status}`);
      expect(closed.status).toBe(200);
      expect([200, 409]).toContain(paid.status);
      rounds.push({ buyer, bookingId, bookId: book.id, paid: paid.status === 200 });
    }
    console.log(`payment racing the seller's account closing (10 rounds): ${outcomes}`);
    await t.settleAll();
    for (const { buyer, bookingId, bookId, paid } of rounds) {
      const res = await t.as(buyer).bookingItems[':id'].$get({ param: { id: bookingId } });
      const item = await jsonOf(res, 200);
      if (paid) {
        expect(item.status).toBe('Paid');
        expect((await bookRow(t, bookId))?.status).toBe('Sold');
      } else {
        expect(item).toMatchObject({ status: 'Refunded', endReason: 'The seller’s account was closed' });
        expect((await bookRow(t, bookId))?.status).toBe('Removed');
      }
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe("paying while an admin closes the buyer's account", () => {
  ownShop();

  it('never a 500; the charge is their payment or is refunded', async () => {
    const outcomes = tally();
    const rounds: { bookingId: string; bookId: string; paid: boolean }[] = [];
    for (let round = 0; round < 10; round++) {
      const { buyer, book, bookingId } = await shop.newBooking();
      const [paid, closed] = await payWhileClosing(buyer, bookingId, buyer.id, round);
      outcomes.add(`payment ${paid.status}, close ${closed.status}`);
      expect(closed.status).toBe(200);
      // Closed first: the session is gone (401), or it was checked just before and the charge is refunded (409).
      expect([200, 401, 409]).toContain(paid.status);
      rounds.push({ bookingId, bookId: book.id, paid: paid.status === 200 });
    }
    console.log(`payment racing the buyer's account closing (10 rounds): ${outcomes}`);
    await t.settleAll();
    for (const { bookingId, bookId, paid } of rounds) {
      const booking = await bookingRow(t, bookingId);
      if (paid) {
        expect(booking?.status).toBe('Paid');
        expect((await bookRow(t, bookId))?.status).toBe('Sold');
        expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
      } else {
        expect(booking?.status).toBe('Refunded');
        expect((await bookRow(t, bookId))?.status).toBe('Available');
        expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).toHaveLength(1);
      }
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('paying as the hold runs out', () => {
  ownShop({ BOOKING_HOLD: '1s' });

  it('ends Paid, or Expired and then Refunded with the refund made at the provider', async () => {
    const h = t;
    const outcomes = tally();
    const rounds: { bookingId: string; transactionId: string; paid: boolean }[] = [];
    for (let round = 0; round < 5; round++) {
      const { buyer, bookingId } = await shop.newBooking();
      const transactionId = await charge(h, buyer, bookingId);
      const holdUntil = (await bookingRow(h, bookingId))!.holdUntil.getTime();
      await sleep(Math.max(0, holdUntil - Date.now() + 50));
      const [, paid] = await Promise.all([h.runJobs(), record(h, buyer, bookingId, transactionId)]);
      outcomes.add(`payment ${paid.status}`);
      expect([200, 409]).toContain(paid.status);
      const status = (await bookingRow(h, bookingId))?.status;
      expect(status).toBe(paid.status === 200 ? 'Paid' : 'Refunded');
      rounds.push({ bookingId, transactionId, paid: paid.status === 200 });
    }
    console.log(`payment racing the hold's end (5 rounds): ${outcomes}`);
    await h.settleAll();
    for (const { bookingId, transactionId, paid } of rounds) {
      const made = await h.db.select().from(testRefunds).where(eq(testRefunds.paymentIntentId, transactionId));
      const decided = await h.db.select().from(refunds).where(eq(refunds.transactionId, transactionId));
      expect((await bookingRow(h, bookingId))?.status).toBe(paid ? 'Paid' : 'Refunded');
      expect(made).toHaveLength(paid ? 0 : 1);
      expect(decided).toHaveLength(paid ? 0 : 1);
    }
    expect(await ledgerViolations(h.db)).toEqual([]);
  });
});

describe('deadlocks', () => {
  ownShop();
  it('15 payments racing 15 removals of reported (not hidden) booked books: every answer 200 or 409', async () => {
    const deadlocks = async () => {
      const { rows } = await t.db.execute<{ deadlocks: string }>(
        sql`select deadlocks from pg_stat_database where datname = current_database()`,
      );
      return Number(rows[0]!.deadlocks);
    };
    const reporter = await t.newUser('Buyer');
    const pairs = await Promise.all(
      Array.from({ length: 15 }, async () => {
        const { buyer, book, bookingId } = await shop.newBooking();
        const transactionId = await charge(t, buyer, bookingId);
        await report(t, reporter, book.id);
        return { buyer, book, bookingId, transactionId };
      }),
    );
    for (const { book } of pairs) expect(await bookRow(t, book.id)).toMatchObject({ reported: true, hidden: false });
    const before = await deadlocks();
    const answers = await Promise.all(
      pairs.map(async ({ buyer, book, bookingId, transactionId }) => {
        const [paid, removed] = await Promise.all([
          record(t, buyer, bookingId, transactionId),
          removeReported(t, book.id),
        ]);
        return { paid: paid.status, removed: removed.status, book, bookingId };
      }),
    );
    const seen = answers.flatMap((a) => [a.paid, a.removed]);
    expect(seen.filter((status) => status >= 500)).toEqual([]);
    for (const { paid, removed, book, bookingId } of answers) {
      if (paid === 200) {
        expect(removed).toBe(409);
        expect((await bookRow(t, book.id))?.status).toBe('Sold');
      } else {
        expect([paid, removed]).toEqual([409, 200]);
        expect((await bookingRow(t, bookingId))?.status).toBe('Refunded');
      }
    }
    const found = (await deadlocks()) - before;
    const outcomes = tally();
    for (const a of answers) outcomes.add(`payment ${a.paid}, removal ${a.removed}`);
    console.log(`15 payment/removal pairs at once: ${outcomes}; deadlocks PostgreSQL broke meanwhile: ${found}`);
    expect(found).toBeGreaterThanOrEqual(0);
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
