import { and, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { books } from '../../db/schema/catalog.ts';
import { bookings, payments } from '../../db/schema/orders.ts';
import { AppError } from '../../http/errors.ts';
import type { PaymentProvider, ProviderIntent } from '../../payments/provider.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A booking as the payment steps need it: whose it is, what it costs, whether it is paid. */
export async function findBooking(db: Db, bookingId: string) {
  const [booking] = await db
    .select({
      id: bookings.id,
      bookId: bookings.bookId,
      buyerId: bookings.buyerId,
      priceCents: bookings.priceCents,
      status: bookings.status,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return booking ?? null;
}

/** The caller's own unpaid booking, or the refusal that fits. */
export async function requireUnpaidBooking(db: Db, bookingId: string, buyerId: string) {
  const booking = await findBooking(db, bookingId);
  if (!booking) throw new AppError('NOT_FOUND', 'No order with this id');
  if (booking.buyerId !== buyerId) throw new AppError('FORBIDDEN', 'This order belongs to someone else');
  if (booking.status === 'Paid') throw new AppError('CONFLICT', 'This order is already paid');
  return booking;
}

/** Opens (or reuses) a PaymentIntent for the amount the server computes from the booking. */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  currency: string,
  bookingId: string,
  buyerId: string,
) {
  const booking = await requireUnpaidBooking(db, bookingId, buyerId);
  const intent = await provider.createIntent({
    bookingId: booking.id,
    amount: booking.priceCents,
    currency: currency.toLowerCase(),
  });
  return { clientSecret: intent.clientSecret, amountCents: booking.priceCents };
}

export interface SucceededPayment {
  intent: ProviderIntent;
  provider: PaymentProvider['name'];
  currency: string;
  /** When set, the booking must be this buyer's (a call from the browser); unset for the processor's webhook. */
  buyerId?: string;
}

/**
 * Records a payment the processor says succeeded, in one transaction: the payment once (a retry or replay of
 * the same transaction answers the same record), the booking Paid and the book Sold. The booking row lock makes
 * racing payments, and a delete racing a payment, take turns.
 */
export async function recordPayment(db: Db | Tx, payment: SucceededPayment) {
  const { intent } = payment;
  if (intent.status !== 'succeeded') {
    throw new AppError('CONFLICT', `The payment has not gone through (its status is ${intent.status})`);
  }
  const bookingId = z.uuid().safeParse(intent.bookingId);
  if (!bookingId.success) throw new AppError('BAD_REQUEST', 'This transaction is not for an order of this shop');
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId.data)).for('update');
    if (!booking) throw new AppError('CONFLICT', 'This order no longer exists, so the payment cannot be recorded');
    if (payment.buyerId && booking.buyerId !== payment.buyerId) {
      throw new AppError('FORBIDDEN', 'This order belongs to someone else');
    }
    if (intent.amount !== booking.priceCents || intent.currency !== payment.currency.toLowerCase()) {
      throw new AppError('BAD_REQUEST', 'The amount paid does not match the price of this order');
    }
    const [existing] = await tx
      .select({ id: payments.id, bookingId: payments.bookingId, transactionId: payments.transactionId })
      .from(payments)
      .where(or(eq(payments.bookingId, booking.id), eq(payments.transactionId, intent.id)));
    if (existing) {
      if (existing.bookingId === booking.id && existing.transactionId === intent.id) {
        return { insertedId: existing.id, created: false };
      }
      throw new AppError('CONFLICT', 'This order is already paid');
    }
    const [inserted] = await tx
      .insert(payments)
      .values({
        bookingId: booking.id,
        bookId: booking.bookId,
        email: booking.email,
        priceCents: booking.priceCents,
        currency: payment.currency,
        provider: payment.provider,
        transactionId: intent.id,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (!inserted) throw new AppError('CONFLICT', 'This transaction was already recorded');
    await tx.update(bookings).set({ status: 'Paid', paidAt: new Date() }).where(eq(bookings.id, booking.id));
    await tx.update(books).set({ status: 'Sold' }).where(eq(books.id, booking.bookId));
    return { insertedId: inserted.id, created: true };
  });
}

/** The payment already recorded for this booking, if it was made with this transaction. */
export async function findRecordedPayment(db: Db, bookingId: string, transactionId: string) {
  const [row] = await db
    .select({ id: payments.id, transactionId: payments.transactionId })
    .from(payments)
    .where(eq(payments.bookingId, bookingId));
  if (!row) return null;
  if (row.transactionId !== transactionId) throw new AppError('CONFLICT', 'This order is already paid');
  return row.id;
}

/** Whether the caller paid for this book (their booking is Paid and the book Sold). */
export async function isPaidBy(db: Db, bookId: string, buyerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(books, eq(books.id, bookings.bookId))
    .where(
      and(
        eq(bookings.bookId, bookId),
        eq(bookings.buyerId, buyerId),
        eq(bookings.status, 'Paid'),
        eq(books.status, 'Sold'),
      ),
    );
  return Boolean(row);
}
