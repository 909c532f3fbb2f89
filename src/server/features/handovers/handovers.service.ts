import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { books } from '#server/db/schema/catalog.ts';
import { handovers } from '#server/db/schema/handovers.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { type LockedBooking, lockBooking, requireOwnOrder } from '#server/features/bookings/bookings.public.ts';
import { releaseShare } from '#server/features/payouts/payouts.public.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { authorize } from '#server/policies/policies.ts';
import { handoverMaxWrongTries } from '#shared/handover.ts';
import { texts } from '#shared/i18n/texts.ts';
import { handedOverMail, problemReportedMail } from './handovers.mail.ts';

/** Makes the handover of an order being paid, in the payment's transaction: a code from a cryptographic generator. */
export async function createHandover(tx: Tx, bookingId: string): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.insert(handovers).values({ bookingId, code }).onConflictDoNothing();
}

/**
 * The paid order and its handover, with the booking's row lock held for the rest of the transaction (every change
 * of a handover holds it, so a code entered and a refund decided cannot both win), or the refusal that fits.
 */
export async function lockPaidHandover(tx: Tx, bookingId: string) {
  const booking = await lockBooking(tx, bookingId);
  if (!booking) throw new AppError('NOT_FOUND', 'No order with this id');
  const [book] = await tx.select({ sellerId: books.sellerId }).from(books).where(eq(books.id, booking.bookId));
  const [handover] = await tx.select().from(handovers).where(eq(handovers.bookingId, bookingId));
  return { booking, sellerId: book!.sellerId, handover: handover ?? null };
}

function requirePaid(booking: LockedBooking, handover: typeof handovers.$inferSelect | null) {
  if (booking.status === 'Refunded') throw new AppError('CONFLICT', 'This order was refunded');
  if (booking.status !== 'Paid') throw new AppError('CONFLICT', 'This order is not paid, so it has no handover');
  if (!handover) throw new AppError('CONFLICT', 'This order was paid before handover codes existed');
  if (handover.handedOverAt) throw new AppError('CONFLICT', 'This order is already handed over');
  return handover;
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The seller of the order enters the buyer's code at the meetup. Checked under the booking's lock, in constant
 * time; a wrong code counts against the order, and once `handoverMaxWrongTries` were wrong no further code is
 * accepted, the right one included (ADR 020). The right code marks the order handed over and tells the buyer.
 */
export async function enterHandoverCode(db: Db, bookingId: string, seller: SessionUser, code: string) {
  const wrong = await inTransaction(db, async (tx) => {
    const { booking, sellerId, handover } = await lockPaidHandover(tx, bookingId);
    authorize(seller, 'order.enterCode', { sellerId });
    const open = requirePaid(booking, handover);
    if (open.wrongTries >= handoverMaxWrongTries) throw new AppError('CONFLICT', texts.handover.locked);
    if (!sameCode(open.code, code)) {
      const [counted] = await tx
        .update(handovers)
        .set({ wrongTries: sql`${handovers.wrongTries} + 1` })
        .where(eq(handovers.bookingId, bookingId))
        .returning({ wrongTries: handovers.wrongTries });
      return handoverMaxWrongTries - counted!.wrongTries;
    }
    await tx.update(handovers).set({ handedOverAt: sql`now()` }).where(eq(handovers.bookingId, bookingId));
    await releaseShare(tx, { bookingId, sellerId, reason: 'code' });
    if (booking.buyerId) await queueMail(tx, handedOverMail({ buyerId: booking.buyerId, order: booking }));
    return null;
  });
  // Refused after the commit, so that the wrong try stays counted.
  if (wrong !== null) throw new AppError('BAD_REQUEST', texts.handover.wrongCode({ left: wrong }), { field: 'code' });
  return { modifiedCount: 1 };
}

/**
 * The buyer reports that a paid order was not handed over, once per order and only from `handoverMs` after the
 * payment: it goes to the admins' queue (Reported Items) and the seller is told.
 */
export async function reportHandoverProblem(
  db: Db,
  bookingId: string,
  buyer: SessionUser,
  reason: string,
  handoverMs: number,
) {
  return inTransaction(db, async (tx) => {
    const { booking, sellerId, handover } = await lockPaidHandover(tx, bookingId);
    requireOwnOrder(booking, buyer, 'order.reportProblem');
    const open = requirePaid(booking, handover);
    if (open.problemReportedAt) throw new AppError('CONFLICT', 'You have already reported a problem with this order');
    const [reported] = await tx
      .update(handovers)
      .set({ problemReason: reason, problemReportedAt: sql`now()` })
      .where(
        and(
          eq(handovers.bookingId, bookingId),
          lte(handovers.createdAt, sql`now() - ${handoverMs} * interval '1 millisecond'`),
        ),
      )
      .returning({ bookingId: handovers.bookingId });
    if (!reported) {
      const from = new Date(open.createdAt.getTime() + handoverMs).toISOString().slice(0, 16).replace('T', ' ');
      throw new AppError('CONFLICT', `Give the seller time to hand it over: you can report a problem from ${from} UTC`);
    }
    await queueMail(tx, problemReportedMail({ sellerId, order: booking, reason }));
    return { modifiedCount: 1 };
  });
}
