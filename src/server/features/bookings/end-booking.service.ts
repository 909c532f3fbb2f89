import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { authorize } from '#server/policies/policies.ts';
import { endBooking, lockBooking, lockBookOf } from './booking-lifecycle.ts';

/** The hold job: ends the booking if it still awaits payment and its hold has run out (else changes nothing). */
export function expireHold(db: Db, bookingId: string): Promise<void> {
  return inTransaction(db, async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || booking.status !== null) return;
    const [due] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), lte(bookings.holdUntil, sql`now()`)));
    if (!due) return;
    await lockBookOf(tx, booking);
    await endBooking(tx, booking, 'Expired', null);
  });
}

/** Bookings awaiting payment whose hold ran out more than a minute ago: their hold job is overdue. */
export async function overdueHolds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(isNull(bookings.status), lte(bookings.holdUntil, sql`now() - interval '1 minute'`)))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The seller of the booked book, or an admin, cancels a booking that awaits payment, saying why. */
export function cancelBooking(db: Db, bookingId: string, by: SessionUser, reason: string): Promise<number> {
  return inTransaction(db, async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) throw new AppError('NOT_FOUND', 'No booking with this id');
    const book = await lockBookOf(tx, booking);
    authorize(by, 'booking.cancel', book);
    if (booking.status === 'Paid') throw new AppError('CONFLICT', 'This booking is paid, so it cannot be cancelled');
    if (booking.status !== null) throw new AppError('CONFLICT', 'This booking has already ended');
    await endBooking(tx, booking, 'Cancelled', reason);
    return 1;
  });
}
