import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { bookingBooks, bookings, payments, refunds } from '#server/db/schema/orders.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import type { Env } from '#server/env.ts';
import {
  bookingEndedMail,
  hasBookingIn,
  lockBooking,
  lockBookOf,
  requireOwnOrder,
  settleLater,
} from '#server/features/bookings/bookings.public.ts';
import { createHandover } from '#server/features/handovers/handovers.public.ts';
import { releaseLater } from '#server/features/payouts/payouts.public.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { queueMail } from '#server/mail/outbox.ts';
import type { PaymentProvider, ProviderIntent } from '#server/payments/provider.ts';
import { splitPrice } from '#shared/platform-fee.ts';
import { type Meetup, paymentReceiptMail, paymentReceivedMail } from './payments.mail.ts';

const buyerAccount = alias(user, 'buyer');
const sellerAccount = alias(user, 'seller');

/** Who meets whom for a paid order, for its two mails. */
async function meetupOf(tx: Tx, bookingId: string): Promise<Meetup> {
  const [meetup] = await tx
    .select({
      buyerName: sql<string>`coalesce(${buyerAccount.name}, '')`,
      buyerPhone: bookings.contact,
      meetingPlace: bookings.meetingLocation,
      sellerName: sellerAccount.name,
      sellerPhone: books.phone,
      sellerPlace: books.location,
    })
    .from(bookings)
    .innerJoin(books, eq(books.id, bookings.bookId))
    .innerJoin(sellerAccount, eq(sellerAccount.id, books.sellerId))
    .leftJoin(buyerAccount, eq(buyerAccount.id, bookings.buyerId))
    .where(eq(bookings.id, bookingId));
  return meetup!;
}

/** A booking as the payment steps need it: whose it is, what it costs, how it stands. */
export async function findBooking(db: Db, bookingId: string) {
  const [booking] = await db
    .select({
      id: bookings.id,
      bookId: bookings.bookId,
      buyerId: bookings.buyerId,
      priceCents: bookings.priceCents,
      status: bookings.status,
      intentId: bookings.intentId,
      intentAttempt: bookings.intentAttempt,
      // Any book of a bundle hidden by reports stops its payment (ADR 031).
      hidden: sql<boolean>`${books.hidden} or exists (select 1 from ${bookingBooks} inner join ${books} b
        on b.id = ${bookingBooks.bookId} where ${bookingBooks.bookingId} = ${bookings.id} and b.hidden)`,
    })
    .from(bookings)
    .innerJoin(books, eq(books.id, bookings.bookId))
    .where(eq(bookings.id, bookingId));
  return booking ?? null;
}

/** The caller's own booking that awaits payment on a book reports have not hidden, or the refusal that fits. */
export async function requirePayableBooking(db: Db, bookingId: string, buyerId: string) {
  return requirePayable(requireOwnOrder(await findBooking(db, bookingId), { id: buyerId }, 'order.pay'));
}

/** The caller's own booking, already read, if it can still be paid; else the refusal that says why. */
export function requirePayable<B extends { status: string | null; hidden: boolean }>(booking: B): B {
  if (booking.status === 'Paid') throw new AppError('CONFLICT', 'This order is already paid');
  if (booking.status !== null) {
    throw new AppError('CONFLICT', `This order has ended (${booking.status}), so it can no longer be paid`);
  }
  if (booking.hidden) {
    throw new AppError('CONFLICT', 'This book was reported and cannot be paid for until an admin reviews it');
  }
  return booking;
}

/**
 * The payment intent of the caller's booking, for the amount the server computes: the one already open (or
 * already charged), else a new one. Racing requests ask the provider with the same idempotency key, so they
 * all get the same intent, and only one of them stores it: a booking has at most one intent that can be charged.
 */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  currency: string,
  bookingId: string,
  buyerId: string,
) {
  const booking = await requirePayableBooking(db, bookingId, buyerId);
  if (booking.intentId) {
    const current = await provider.retrieveIntent(booking.intentId);
    if (current && current.status !== 'canceled') return { intent: current, amountCents: booking.priceCents };
  }
  const attempt = booking.intentAttempt + 1;
  const intent = await provider.createIntent({
    bookingId,
    amount: booking.priceCents,
    currency: currency.toLowerCase(),
    idempotencyKey: `booking-${bookingId}-${attempt}`,
  });
  const stored = await inTransaction(db, async (tx) => {
    const locked = await lockBooking(tx, bookingId);
    if (locked?.intentId === intent.id) return true;
    if (locked?.status !== null || locked.intentId !== booking.intentId) {
      // The booking ended, or another request opened a newer intent: this one must never be charged.
      await settleLater(tx, intent.id);
      return false;
    }
    await tx.update(bookings).set({ intentId: intent.id, intentAttempt: attempt }).where(eq(bookings.id, bookingId));
    return true;
  });
  if (!stored) throw new AppError('CONFLICT', 'This order changed while the payment was being set up; please reload');
  return { intent, amountCents: booking.priceCents };
}

export type Settlement = { outcome: 'paid'; paymentId: string } | { outcome: 'refunded'; reason: string };

/**
 * Settles a charge the provider reports as succeeded, exactly once whatever calls it (the buyer's browser,
 * the webhook, the ledger job) and however often: it becomes the booking's payment (booking Paid, book Sold)
 * when the booking still awaits it, or else a refund, written here and made at the provider by the refund
 * job. Never both, never neither: the money ledger (ADR 008). A book hidden by reports cannot be paid
 * for: a charge that raced the hiding is refunded, and the order can be paid once an admin lists the book again.
 */
export async function settleCharge(
  db: Db,
  intent: ProviderIntent,
  provider: PaymentProvider['name'],
  env: Pick<Env, 'CURRENCY' | 'PLATFORM_FEE' | 'HANDOVER_PERIOD' | 'RELEASE_AFTER'>,
): Promise<Settlement> {
  const currency = env.CURRENCY;
  if (intent.status !== 'succeeded') {
    throw new AppError('CONFLICT', `The payment has not gone through (its status is ${intent.status})`);
  }
  const bookingId = z.uuid().safeParse(intent.bookingId);
  if (!bookingId.success) throw new AppError('BAD_REQUEST', 'This transaction is not for an order of this shop');
  return inTransaction(db, async (tx) => {
    const booking = await lockBooking(tx, bookingId.data);
    const [paid] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.transactionId, intent.id));
    if (paid) return { outcome: 'paid', paymentId: paid.id };
    const [refund] = await tx
      .select({ reason: refunds.reason })
      .from(refunds)
      .where(eq(refunds.transactionId, intent.id));
    if (refund) return { outcome: 'refunded', reason: refund.reason };

    const book = booking ? await lockBookOf(tx, booking) : null;
    const matches = intent.amount === booking?.priceCents && intent.currency === currency.toLowerCase();
    const current = booking?.intentId === intent.id || booking?.intentId === null;
    if (booking && booking.status === null && matches && current && !book?.hidden) {
      const [inserted] = await tx
        .insert(payments)
        .values({
          bookingId: booking.id,
          bookId: booking.bookId,
          email: booking.email,
          priceCents: booking.priceCents,
          currency,
          provider,
          transactionId: intent.id,
        })
        .returning({ id: payments.id });
      // The fee is fixed now, once: a later change of PLATFORM_FEE never changes what this sale pays the seller.
      const { feeCents, shareCents } = splitPrice(booking.priceCents, env.PLATFORM_FEE);
      await tx
        .update(bookings)
        .set({ status: 'Paid', paidAt: new Date(), intentId: intent.id, feeCents, shareCents })
        .where(eq(bookings.id, booking.id));
      await tx.update(books).set({ status: 'Sold' }).where(inArray(books.id, book!.bookIds));
      await createHandover(tx, booking.id);
      await releaseLater(tx, booking.id, env);
      const paid = {
        order: booking,
        amountCents: booking.priceCents,
        currency,
        meetup: await meetupOf(tx, booking.id),
      };
      await queueMail(tx, paymentReceivedMail({ ...paid, sellerId: book!.sellerId }));
      if (booking.buyerId) {
        await queueMail(tx, paymentReceiptMail({ ...paid, buyerId: booking.buyerId, transactionId: intent.id }));
      }
      return { outcome: 'paid', paymentId: inserted!.id };
    }

    const reason = !booking
      ? 'the order no longer exists'
      : booking.status === 'Paid'
        ? 'the order was already paid'
        : booking.status !== null
          ? `the order had ended (${booking.status}) before the payment arrived`
          : !matches
            ? 'the amount paid did not match the price of the order'
            : book?.hidden
              ? 'the book is under review after reports, so it cannot be paid for now'
              : 'the charge was not the order’s current payment';
    await tx.insert(refunds).values({
      transactionId: intent.id,
      bookingId: booking?.id ?? null,
      amountCents: intent.amount,
      currency: intent.currency,
      provider,
      reason,
    });
    if (booking?.status === 'Expired' || booking?.status === 'Cancelled') {
      await tx.update(bookings).set({ status: 'Refunded' }).where(eq(bookings.id, booking.id));
    } else if (booking?.status === null && booking.intentId === intent.id) {
      // The order still awaits payment: the next attempt opens a new intent.
      await tx.update(bookings).set({ intentId: null }).where(eq(bookings.id, booking.id));
    }
    await addJob(tx, 'refund-charge', { transactionId: intent.id }, { jobKey: `refund-charge:${intent.id}` });
    if (booking?.buyerId) {
      const refunded = { order: booking, outcome: 'Refunded' as const, reason };
      const amount = { amountCents: intent.amount, currency: intent.currency.toUpperCase() };
      await queueMail(tx, bookingEndedMail({ ...refunded, ...amount, to: 'buyer', userId: booking.buyerId }));
    }
    return { outcome: 'refunded', reason };
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
export const isPaidBy = (db: Db, bookId: string, buyerId: string) =>
  hasBookingIn(db, bookId, buyerId, { booking: 'Paid', book: 'Sold' });
