import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { books } from '#server/db/schema/catalog.ts';
import { bookingBooks, bookings } from '#server/db/schema/orders.ts';
import type { Queryable, Tx } from '#server/db/transaction.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { bookingEndedMail } from './bookings.mail.ts';
import { orderNamingColumns } from './order-naming.ts';

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
      ...orderNamingColumns,
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

/**
 * The books of a booking: a bundle's books (ADR 031: a line each, its `book_id` among them), else its one book.
 * A bundle's lines are written with it and never change.
 */
export async function bookIdsOf(db: Queryable, booking: { id: string; bookId: string }): Promise<string[]> {
  const lines = await db
    .select({ bookId: bookingBooks.bookId })
    .from(bookingBooks)
    .where(eq(bookingBooks.bookingId, booking.id))
    .orderBy(asc(bookingBooks.position));
  return lines.length > 0 ? lines.map((line) => line.bookId) : [booking.bookId];
}

/**
 * Whether the booking (the `bookings` table as it is named in the query) is one of this book: its `book_id`, or a
 * bundle with a line of it.
 */
export const bookingHoldsBook = (bookId: AnyColumn | SQL | string) =>
  sql`(${bookings.bookId} = ${bookId} or ${bookings.id} in (select ${bookingBooks.bookingId} from ${bookingBooks} where ${bookingBooks.bookId} = ${bookId}))`;

/**
 * Locks the books of a locked booking (a bundle's all, in id order, so two transactions cannot deadlock on them);
 * answers what the payment and cancel steps check: the seller, the first book's status, and whether reports hid
 * any of them.
 */
export async function lockBookOf(tx: Tx, booking: Pick<LockedBooking, 'id' | 'bookId'>) {
  const ids = await bookIdsOf(tx, booking);
  const locked = await tx
    .select({ id: books.id, sellerId: books.sellerId, status: books.status, hidden: books.hidden })
    .from(books)
    .where(inArray(books.id, ids))
    .orderBy(asc(books.id))
    .for('update');
  const first = locked.find((book) => book.id === booking.bookId)!;
  return { sellerId: first.sellerId, status: first.status, hidden: locked.some((book) => book.hidden), bookIds: ids };
}

/** Queues the settle job of an intent that may still be open or charged (one waiting job per intent). */
export function settleLater(tx: Tx, intentId: string) {
  return addJob(tx, 'settle-intent', { intentId }, { jobKey: `settle-intent:${intentId}` });
}

/**
 * Ends a booking that awaits payment, in the caller's transaction (booking and book locked): it stays in the
 * buyer's My Orders as `status`, the book (a bundle's every book) is on sale again, its payment intent is cancelled by the settle
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
    .where(and(inArray(books.id, await bookIdsOf(tx, booking)), eq(books.status, 'Booked')))
    .returning({ sellerId: books.sellerId });
  if (booking.intentId) await settleLater(tx, booking.intentId);
  const told = { order: booking, outcome: status, reason };
  if (booking.buyerId) await queueMail(tx, bookingEndedMail({ ...told, to: 'buyer', userId: booking.buyerId }));
  if (book && tellSeller) await queueMail(tx, bookingEndedMail({ ...told, to: 'seller', userId: book.sellerId }));
}
