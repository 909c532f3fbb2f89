import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { bookings, payments } from '#server/db/schema/orders.ts';
import { invariantViolations } from '../support/invariants.ts';
import { bookAs, confirmTestCard, openShop, startPaying } from '../support/orders.ts';
import { errorOf } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const { t, newBook } = await openShop();
afterAll(() => t.close());

describe('booking races', () => {
  it('100 simultaneous bookings of one book: exactly one wins, the other 99 get 409', async () => {
    const buyers = await Promise.all(Array.from({ length: 100 }, () => t.newUser('Buyer')));
    const book = await newBook();
    const answers = await Promise.all(
      buyers.map((buyer) => t.as(buyer).booking.$post({ json: { bookId: book.id, contact: '+1 555 0100' } })),
    );
    const statuses: number[] = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const bodies = await Promise.all(answers.filter((_, i) => statuses[i] === 409).map((res) => errorOf(res, 409)));
    expect(new Set(bodies.map((b) => b.error))).toEqual(new Set(['Someone booked this book first']));

    const winner = buyers[statuses.indexOf(200)]!;
    const rows = await t.db.select().from(bookings).where(eq(bookings.bookId, book.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.buyerId).toBe(winner.id);
    const [after] = await t.db.select({ status: books.status }).from(books).where(eq(books.id, book.id));
    expect(after!.status).toBe('Booked');
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('a price and name changed while booking: the booking and both its messages name the same book and price', async () => {
    const seen = new Set<number>();
    for (let round = 0; round < 12; round++) {
      const buyer = await t.newUser('Buyer');
      const book = await newBook({ bookName: `Before ${round}`, resalePriceCents: 500 });
      const [answer] = await Promise.all([
        t.as(buyer).booking.$post({ json: { bookId: book.id, contact: '+1 555 0100' } }),
        t.db
          .update(books)
          .set({ bookName: `After ${round}`, resalePriceCents: 725 })
          .where(eq(books.id, book.id)),
      ]);
      expect(answer.status).toBe(200);
      const [booking] = await t.db.select().from(bookings).where(eq(bookings.bookId, book.id));
      const messages = await t.db
        .select({ template: mailOutbox.template, userId: mailOutbox.userId, data: mailOutbox.data })
        .from(mailOutbox)
        .where(sql`${mailOutbox.data} ->> 'bookName' in (${`Before ${round}`}, ${`After ${round}`})`);
      expect(messages.map((m) => m.template).sort()).toEqual(['booking-confirmed', 'booking-made']);
      for (const message of messages) expect(message.data).toMatchObject({ bookName: booking!.bookName });
      expect(messages.find((m) => m.template === 'booking-made')!.userId).toBe(book.sellerId);
      expect(messages.find((m) => m.template === 'booking-confirmed')).toMatchObject({
        userId: buyer.id,
        data: { amountCents: booking!.priceCents },
      });
      seen.add(booking!.priceCents);
    }
    // Which of the two wins each round is up to the race; either way the three agree.
    expect([...seen].every((cents) => cents === 500 || cents === 725)).toBe(true);
  });

  it('deleting an order while paying for it ends consistently: paid and kept, or deleted and Available', async () => {
    for (let round = 0; round < 6; round++) {
      const buyer = await t.newUser('Buyer');
      const book = await newBook();
      const bookingId = await bookAs(t, buyer, book.id);
      const secret = await startPaying(t, buyer, bookingId);
      const confirmed = await confirmTestCard(t, buyer, secret);
      const { transactionId } = await jsonOf(confirmed, 200);

      const [pay, remove] = await Promise.all([
        t.as(buyer).payments.$post({ json: { bookingId, transactionId } }),
        t.as(buyer).wishList[':id'].$delete({ param: { id: bookingId } }),
      ]);
      const [bookRow] = await t.db.select({ status: books.status }).from(books).where(eq(books.id, book.id));
      const bookingRows = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
      const paymentRows = await t.db.select().from(payments).where(eq(payments.transactionId, transactionId));

      if (pay.status === 200) {
        expect(remove.status).toBe(409);
        expect(bookRow!.status).toBe('Sold');
        expect(bookingRows[0]?.status).toBe('Paid');
        expect(paymentRows).toHaveLength(1);
      } else {
        // 404 when the delete finished before the payment looked the order up, 409 when it won the row lock
        expect([404, 409]).toContain(pay.status);
        expect(remove.status).toBe(200);
        expect(bookRow!.status).toBe('Available');
        expect(bookingRows).toHaveLength(0);
        expect(paymentRows).toHaveLength(0);
      }
    }
    expect(await invariantViolations(t.db)).toEqual([]);
  });
});
