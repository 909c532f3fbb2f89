import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { type Page, paginate } from '#server/db/paginate.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { handovers } from '#server/db/schema/handovers.ts';
import { bookings, payments, refunds } from '#server/db/schema/orders.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { lockBookOf, orderNamingColumns } from '#server/features/bookings/bookings.public.ts';
import { takeBackShare } from '#server/features/payouts/payouts.public.ts';
import { deletePicturesLater, picturesOfBook } from '#server/features/uploads/uploads.public.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { fromCents } from '#shared/money.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import type { HandoverProblem } from '#shared/schemas/handover.ts';
import { problemDismissedMail, problemRefundedMail } from './handovers.mail.ts';
import { lockPaidHandover } from './handovers.service.ts';

const buyer = alias(user, 'buyer');
const seller = alias(user, 'seller');

/** A problem awaits an admin while it is reported, undecided, and the order was not handed over meanwhile. */
const open = and(
  isNotNull(handovers.problemReportedAt),
  isNull(handovers.problemDecision),
  isNull(handovers.handedOverAt),
  eq(bookings.status, 'Paid'),
);

/** The problem reports awaiting an admin, oldest first (they have waited longest). */
export function listHandoverProblems(db: Db, currency: string, page: PageQuery): Promise<Page<HandoverProblem>> {
  return paginate(
    db
      .select({
        bookingId: bookings.id,
        bookId: bookings.bookId,
        ...orderNamingColumns,
        priceCents: bookings.priceCents,
        buyerName: buyer.name,
        buyerEmail: bookings.email,
        sellerName: seller.name,
        sellerEmail: seller.email,
        reason: handovers.problemReason,
        paidAt: handovers.createdAt,
        reportedAt: handovers.problemReportedAt,
      })
      .from(handovers)
      .innerJoin(bookings, eq(bookings.id, handovers.bookingId))
      .innerJoin(books, eq(books.id, bookings.bookId))
      .innerJoin(seller, eq(seller.id, books.sellerId))
      .leftJoin(buyer, eq(buyer.id, bookings.buyerId))
      .where(open)
      .orderBy(handovers.problemReportedAt, desc(handovers.bookingId)),
    db.select({ n: count() }).from(handovers).innerJoin(bookings, eq(bookings.id, handovers.bookingId)).where(open),
    page,
    (row) => ({
      bookingId: row.bookingId,
      bookId: row.bookId,
      bookName: row.bookName,
      bundle: row.bundle,
      price: fromCents(row.priceCents),
      currency,
      buyerName: row.buyerName ?? '',
      buyerEmail: row.buyerEmail,
      sellerName: row.sellerName,
      sellerEmail: row.sellerEmail,
      reason: row.reason ?? '',
      paidAt: row.paidAt.toISOString(),
      reportedAt: row.reportedAt!.toISOString(),
    }),
  );
}

/** The order under its lock, with a problem report that awaits a decision, or the refusal that fits. */
async function lockOpenProblem(tx: Tx, bookingId: string) {
  const locked = await lockPaidHandover(tx, bookingId);
  const { booking, handover } = locked;
  if (booking.status === 'Refunded') throw new AppError('CONFLICT', 'This order was already refunded');
  if (handover?.handedOverAt)
    throw new AppError('CONFLICT', 'This order was handed over, so its problem report is closed');
  if (booking.status !== 'Paid' || !handover?.problemReportedAt || handover.problemDecision) {
    throw new AppError('CONFLICT', 'No problem report of this order awaits a decision');
  }
  return locked;
}

const refundReason = 'the buyer reported that the order was not handed over, and an admin refunded it';

/**
 * An admin refunds an order whose buyer reported a problem, through the money ledger (ADR 008): its payment
 * becomes a refund of the same charge (so the charge still has exactly one), made at the provider by the refund
 * job. The order shows Refunded; the listing is removed (ADR 020) and both sides are told.
 */
export function refundHandoverProblem(db: Db, bookingId: string) {
  return inTransaction(db, async (tx) => {
    const { booking, sellerId } = await lockOpenProblem(tx, bookingId);
    const { bookIds } = await lockBookOf(tx, booking);
    const [payment] = await tx.delete(payments).where(eq(payments.bookingId, bookingId)).returning();
    if (!payment) throw new Error(`refundHandoverProblem: the paid order ${bookingId} has no payment`);
    await tx.insert(refunds).values({
      transactionId: payment.transactionId,
      bookingId,
      amountCents: payment.priceCents,
      currency: payment.currency.toLowerCase(),
      provider: payment.provider,
      reason: refundReason,
    });
    await tx
      .update(bookings)
      .set({ status: 'Refunded', endedAt: sql`now()`, endReason: refundReason })
      .where(eq(bookings.id, bookingId));
    await tx.update(handovers).set({ problemDecision: 'refunded' }).where(eq(handovers.bookingId, bookingId));
    await takeBackShare(tx, bookingId);
    const removed = await tx
      .update(books)
      .set({ status: 'Removed', advertised: false })
      .where(inArray(books.id, bookIds))
      .returning({ image: books.image, thumbnail: books.thumbnail, photos: books.photos });
    await deletePicturesLater(tx, removed.flatMap(picturesOfBook));
    const key = `refund-charge:${payment.transactionId}`;
    await addJob(tx, 'refund-charge', { transactionId: payment.transactionId }, { jobKey: key });
    const told = { order: booking };
    if (booking.buyerId) await queueMail(tx, problemRefundedMail({ ...told, to: 'buyer', userId: booking.buyerId }));
    await queueMail(tx, problemRefundedMail({ ...told, to: 'seller', userId: sellerId }));
    return { modifiedCount: 1 };
  });
}

/** An admin dismisses a problem report: the order stays paid and awaits its handover; the buyer is told. */
export function dismissHandoverProblem(db: Db, bookingId: string) {
  return inTransaction(db, async (tx) => {
    const { booking } = await lockOpenProblem(tx, bookingId);
    await tx.update(handovers).set({ problemDecision: 'dismissed' }).where(eq(handovers.bookingId, bookingId));
    if (booking.buyerId) {
      await queueMail(tx, problemDismissedMail({ buyerId: booking.buyerId, order: booking }));
    }
    return { modifiedCount: 1 };
  });
}
