import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { bookingBooks, bookings } from '#server/db/schema/orders.ts';
import { invariantViolations, ledgerViolations } from '../support/invariants.ts';
import { confirmTestCard, openShop, startPaying } from '../support/orders.ts';
import { errorOf, type TestUser } from '../support/test-app.ts';

// A bundle against single bookings of its books, and against another bundle sharing a book, sent at the same
// moment (ADR 031): exactly one winner per book, and no bundle ever holds some of its books but not others.

const { t, newBook, seller } = await openShop({ MAX_OPEN_HOLDS: '50' });
afterAll(() => t.close());

const contact = '+1 555 0100';
const bookSingle = (buyer: TestUser, bookId: string) =>
  t.call('POST', '/api/booking', { as: buyer, json: { bookId, contact } });
const bookBundle = (buyer: TestUser, bookIds: string[], total: number) =>
  t.call('POST', '/api/bundles', { as: buyer, json: { bookIds, contact, total } });

/** Who holds each book now: the booking ids of its live bookings (a bundle's through its lines). */
async function holders(bookIds: string[]) {
  const direct = await t.db
    .select({ bookId: bookings.bookId, id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(inArray(bookings.bookId, bookIds));
  const viaLines = await t.db
    .select({ bookId: bookingBooks.bookId, id: bookings.id, status: bookings.status })
    .from(bookingBooks)
    .innerJoin(bookings, eq(bookings.id, bookingBooks.bookingId))
    .where(inArray(bookingBooks.bookId, bookIds));
  const live = [...direct, ...viaLines].filter((row) => row.status === null);
  return new Map(bookIds.map((id) => [id, [...new Set(live.filter((row) => row.bookId === id).map((row) => row.id))]]));
}

describe('bundle races', () => {
  it('a bundle of three against a single booking of each of its books, 12 rounds: one winner per book, nothing half-held', async () => {
    let bundleWins = 0;
    for (let round = 0; round < 12; round++) {
      const list = await Promise.all([1, 2, 3].map(() => newBook({ resalePriceCents: 1000 })));
      const ids = list.map((book) => book.id);
      const bundler = await t.newUser('Buyer');
      const singles = await Promise.all(ids.map(() => t.newUser('Buyer')));
      // A bundle takes a few round trips more than a single booking's one statement: the single bookings leave
      // 0 to 18 ms after it, so that some rounds find the bundle's books already locked and some do not.
      const lag = (round % 4) * 6;
      const [bundleAnswer, ...singleAnswers] = await Promise.all([
        bookBundle(bundler, ids, 30),
        ...ids.map(async (id, i) => {
          await sleep(lag);
          return bookSingle(singles[i]!, id);
        }),
      ]);

      const held = await holders(ids);
      for (const id of ids) expect(held.get(id), `book ${id}`).toHaveLength(1);
      const statuses = await t.db.select({ status: books.status }).from(books).where(inArray(books.id, ids));
      expect(statuses.map((row) => row.status)).toEqual(['Booked', 'Booked', 'Booked']);

      if (bundleAnswer!.status === 200) {
        bundleWins += 1;
        const { insertedId } = (await bundleAnswer!.json()) as { insertedId: string };
        for (const id of ids) expect(held.get(id)).toEqual([insertedId]);
        for (const answer of singleAnswers) expect(answer.status).toBe(409);
      } else {
        const error = await errorOf(bundleAnswer!, 409);
        // Refused naming the books booked first; every single booking won its book.
        expect(error.field).toBe('bookIds');
        for (const answer of singleAnswers) expect(answer.status).toBe(200);
        const names = list.map((book) => book.bookName);
        expect(names.some((name) => error.error.includes(name))).toBe(true);
        const bundlerOrders = await t.db.select().from(bookings).where(eq(bookings.buyerId, bundler.id));
        expect(bundlerOrders).toEqual([]);
      }
    }
    // Which side wins a round is up to the machine; each round is one of the two outcomes above.
    console.info(`the bundle won ${bundleWins} of 12 rounds, the single bookings ${12 - bundleWins}`);
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('two bundles sharing a book, and a single booking of it, 10 rounds: exactly one of the three wins that book', async () => {
    for (let round = 0; round < 10; round++) {
      const [a, shared, c] = await Promise.all([1, 2, 3].map(() => newBook({ resalePriceCents: 1000 })));
      const [first, second, single] = await Promise.all([1, 2, 3].map(() => t.newUser('Buyer')));
      const answers = await Promise.all([
        bookBundle(first!, [a!.id, shared!.id], 20),
        bookBundle(second!, [shared!.id, c!.id], 20),
        bookSingle(single!, shared!.id),
      ]);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const answer of answers.filter((res) => res.status !== 200)) expect(answer.status).toBe(409);
      const held = await holders([a!.id, shared!.id, c!.id]);
      expect(held.get(shared!.id)).toHaveLength(1);
      // A losing bundle holds none of its books: its other book stays Available.
      const rows = await t.db
        .select({ id: books.id, status: books.status })
        .from(books)
        .where(inArray(books.id, [a!.id, c!.id]));
      const status = new Map(rows.map((row) => [row.id, row.status]));
      expect(status.get(a!.id)).toBe(answers[0]!.status === 200 ? 'Booked' : 'Available');
      expect(status.get(c!.id)).toBe(answers[1]!.status === 200 ? 'Booked' : 'Available');
    }
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('one buyer’s bundles sent at once at the holds cap: each takes one place, the rest are refused whole', async () => {
    const { t: capped, newBook: cappedBook } = await openShop({ MAX_OPEN_HOLDS: '2' });
    try {
      const buyer = await capped.newUser('Buyer');
      const pairs = await Promise.all([1, 2, 3, 4].map(() => Promise.all([cappedBook(), cappedBook()])));
      const answers = await Promise.all(
        pairs.map((pair) =>
          capped.call('POST', '/api/bundles', {
            as: buyer,
            json: { bookIds: pair.map((book) => book.id), contact, total: 20 },
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
      for (const [i, answer] of answers.entries()) {
        const ids = pairs[i]!.map((book) => book.id);
        const rows = await capped.db.select({ status: books.status }).from(books).where(inArray(books.id, ids));
        const expected = answer.status === 200 ? 'Booked' : 'Available';
        expect(rows.map((row) => row.status)).toEqual([expected, expected]);
        if (answer.status !== 200) expect([409]).toContain(answer.status);
      }
      expect(await invariantViolations(capped.db)).toEqual([]);
    } finally {
      await capped.close();
    }
  });

  it('a bundle’s payment racing its seller’s cancel, 8 rounds: paid with every book Sold, or cancelled with every book on sale and the charge refunded', async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 8; round++) {
      const list = await Promise.all([1, 2, 3].map(() => newBook({ resalePriceCents: 1000 })));
      const ids = list.map((book) => book.id);
      const buyer = await t.newUser('Buyer');
      const answer = await bookBundle(buyer, ids, 30);
      expect(answer.status).toBe(200);
      const { insertedId: bookingId } = (await answer.json()) as { insertedId: string };
      const secret = await startPaying(t, buyer, bookingId);
      const confirmed = (await (await confirmTestCard(t, buyer, secret)).json()) as { transactionId: string };
      const [pay, cancel] = await Promise.all([
        sleep(round % 4).then(() =>
          t.call('POST', '/api/payments', { as: buyer, json: { bookingId, transactionId: confirmed.transactionId } }),
        ),
        t.call('POST', `/api/booking/${bookingId}/cancel`, { as: seller, json: { reason: 'Sold at the market' } }),
      ]);
      await t.settleAll();
      const rows = await t.db.select({ status: books.status }).from(books).where(inArray(books.id, ids));
      const [order] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
      if (pay.status === 200) {
        expect(cancel.status).toBe(409);
        expect(order!.status).toBe('Paid');
        expect(rows.map((row) => row.status)).toEqual(['Sold', 'Sold', 'Sold']);
      } else {
        expect(cancel.status).toBe(200);
        expect(order!.status).toBe('Refunded');
        expect(rows.map((row) => row.status)).toEqual(['Available', 'Available', 'Available']);
      }
      const outcome = `payment ${pay.status}, cancel ${cancel.status}`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    console.info(
      `bundle payment racing the seller's cancel (8 rounds): ${[...outcomes].map(([o, n]) => `${n}× ${o}`).join('; ')}`,
    );
    expect(await invariantViolations(t.db)).toEqual([]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
