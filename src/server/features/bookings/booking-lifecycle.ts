import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { books } from '#server/db/schema/catalog.ts';
import { bookings } from '#server/db/schema/orders.ts';
import type { Tx } from '#server/db/transaction.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { bookingEndedMail } from './bookings.mail.ts';

/**
 * Bookings locked for the rest of the transaction, in id order, so two transactions locking overlapping sets
 * cannot deadlock. Bookings are locked before books (docs/ARCHITECTURE.md, "Lock order").
 */
export async function lockBookings(tx: Tx, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return tx
    .select({
      id: bookings.id,
      bookId: bookings.bookId,
      buyerId: bookings.buyerId,
      email: bookings.email,
      bookName: bookings.bookName,
      priceCents: bookings.priceCents,
      status: bookings.status,
      intentId: bookings.intentId,
    })
    .from(bookings)
    .where(inArray(bookings.id, bookingIds))
    .orderBy(asc(bookings.id))
    .for('update');
}

export type LockedBooking = Awaited<ReturnType<typeof lockBookings>>[number];

export async function lockBooking(tx: Tx, bookingId: string): Promise<LockedBooking | null> {
  const [booking] = await lockBookings(tx, [bookingId]);
  return booking ?? null;
}

/** Locks the book of a locked booking; answers what the payment and cancel steps check. */
export async function lockBookOf(tx: Tx, booking: LockedBooking) {
  const [book] = await tx
    .select({ sellerId: books.sellerId, status: books.status, hidden: books.hidden })
    .from(books)
    .where(eq(books.id, booking.bookId))
    .for('update');
  return book!;
}

/** Queues the settle job of an intent that may still be open or charged (one waiting job per intent). */
export function settleLater(tx: Tx, intentId: string) {
  return addJob(tx, 'settle-intent', { intentId }, { jobKey: `settle-intent:${intentId}` });
}

/**
 * Ends a booking that awaits payment, in the caller's transaction (booking and book locked): it stays in the
 * buyer's My Orders as `status`, the book is on sale again, its payment intent is cancelled by the settle
 * job (which refunds the charge instead if the buyer paid in the meantime), and both sides are told.
 */
export async function endBooking(
  tx: Tx,
  booking: LockedBooking,
  status: 'Expired' | 'Cancelled',
  reason: string | null,
  { tellSeller = true } = {},
): Promise<void> {
  // A paid or already ended order never ends (again): the caller locked it and must have checked.
  if (booking.status !== null) throw new Error(`endBooking: booking ${booking.id} is ${booking.status}`);
  await tx.update(bookings).set({ status, endedAt: sql`now()`, endReason: reason }).where(eq(bookings.id, booking.id));
  const [book] = await tx
    .update(books)
    .set({ status: 'Available' })
    .where(and(eq(books.id, booking.bookId), eq(books.status, 'Booked')))
    .returning({ sellerId: books.sellerId });
  if (booking.intentId) await settleLater(tx, booking.intentId);
  const told = { bookName: booking.bookName, outcome: status, reason };
  if (booking.buyerId) await queueMail(tx, bookingEndedMail({ ...told, to: 'buyer', userId: booking.buyerId }));
  if (book && tellSeller) await queueMail(tx, bookingEndedMail({ ...told, to: 'seller', userId: book.sellerId }));
}
