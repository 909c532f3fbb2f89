import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { paginate } from '#server/db/paginate.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { PaymentProvider } from '#server/payments/provider.ts';
import type { BookingStatus } from '#shared/constants.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import { lockBooking, lockBookOf } from './booking-lifecycle.ts';
import { type BookingRow, fromBookingView, toBookingItem, withBundles } from './booking-view.ts';
import { requireOwnOrder } from './own-order.ts';

/** Who reads bookings (their id), in which currency, and HANDOVER_PERIOD. */
export interface BookingViewer {
  id: string;
  currency: string;
  handoverMs: number;
}

/** The bookings of the user with this email (none if there is no such user), newest first. */
export async function listBookingsOf(db: Db, view: BookingViewer, email: string, page: PageQuery) {
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  if (!owner) return { items: [], total: 0 };
  const mine = eq(bookings.buyerId, owner.id);
  const rows: BookingRow[] = [];
  const found = await paginate(
    fromBookingView(db).where(mine).orderBy(desc(bookings.createdAt), desc(bookings.id)),
    db.select({ n: count() }).from(bookings).where(mine),
    page,
    (row) => {
      rows.push(row);
      return toBookingItem(row, view.currency, view);
    },
  );
  return { ...found, items: await withBundles(db, rows, found.items) };
}

/** One booking, for its buyer only. */
export async function getOwnBooking(db: Db, view: BookingViewer, bookingId: string) {
  const [row] = await fromBookingView(db).where(eq(bookings.id, bookingId));
  const own = requireOwnOrder(row, view, 'order.read');
  const [item] = await withBundles(db, [own], [toBookingItem(own, view.currency, view)]);
  return item!;
}

const paymentUnderWay = 'A payment for this order is under way, so it cannot be deleted; refresh My Orders in a minute';

/**
 * Deletes the buyer's own order that no money is tied to: one awaiting payment (the book goes back on sale in
 * the same transaction) or one that ended unpaid. Its payment intent, if any, is cancelled at the provider
 * first; if the card was charged meanwhile the order stays (409) and the charge is recorded as its payment.
 */
export async function deleteOwnBooking(
  db: Db,
  provider: PaymentProvider,
  bookingId: string,
  buyerId: string,
): Promise<number> {
  const checked = await inTransaction(db, async (tx) => checkDeletable(await lockBooking(tx, bookingId), buyerId));
  if (checked.intentId) {
    const intent = await provider.cancelIntent(checked.intentId);
    if (intent.status !== 'canceled') throw new AppError('CONFLICT', paymentUnderWay);
  }
  return inTransaction(db, async (tx) => {
    const booking = checkDeletable(await lockBooking(tx, bookingId), buyerId);
    // A payment started between the cancel and this transaction.
    if (booking.intentId && booking.intentId !== checked.intentId) throw new AppError('CONFLICT', paymentUnderWay);
    const { bookIds } = await lockBookOf(tx, booking);
    await tx.delete(bookings).where(eq(bookings.id, booking.id));
    if (booking.status === null) {
      await tx
        .update(books)
        .set({ status: 'Available' })
        .where(and(inArray(books.id, bookIds), eq(books.status, 'Booked')));
    }
    return 1;
  });
}

/** Why an order cannot be deleted, by its status: money is tied to it. */
const undeletable: Partial<Record<BookingStatus, string>> = {
  Paid: 'This order is paid, so it cannot be deleted',
  Refunded: 'This order was refunded; it stays in My Orders as the record of the refund',
};

function checkDeletable(locked: Awaited<ReturnType<typeof lockBooking>>, buyerId: string) {
  const booking = requireOwnOrder(locked, { id: buyerId }, 'order.delete');
  const refusal = booking.status && undeletable[booking.status];
  if (refusal) throw new AppError('CONFLICT', refusal);
  return booking;
}

/** Whether the caller has a booking of this book in `state`: its status (null while it awaits payment) and the book's. */
export async function hasBookingIn(
  db: Db,
  bookId: string,
  buyerId: string,
  state: { booking: 'Paid' | null; book: 'Booked' | 'Sold' },
): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(books, eq(books.id, bookings.bookId))
    .where(
      and(
        eq(bookings.bookId, bookId),
        eq(bookings.buyerId, buyerId),
        state.booking === null ? isNull(bookings.status) : eq(bookings.status, state.booking),
        eq(books.status, state.book),
      ),
    );
  return Boolean(row);
}

/** Whether the caller holds a booking of this book that awaits payment (the book is then Booked). */
export const isBookedBy = (db: Db, bookId: string, buyerId: string) =>
  hasBookingIn(db, bookId, buyerId, { booking: null, book: 'Booked' });

/** Whether the book is on sale again (no one holds a booking of it). */
export async function isAvailable(db: Db, bookId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.status, 'Available')));
  return Boolean(row);
}
