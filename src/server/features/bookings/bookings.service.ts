import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/book.ts';
import type { SessionUser } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { books } from '../../db/schema/catalog.ts';
import { bookings } from '../../db/schema/orders.ts';
import { AppError } from '../../http/errors.ts';
import { lockAccount } from '../users/lock-account.ts';
import { fromBookingView, toBookingItem } from './booking-view.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface NewBooking {
  bookId: string;
  buyer: SessionUser;
  contact: string;
  meetingLocation: string;
}

/**
 * Books a book in one transaction: the conditional update lets exactly one of many racing buyers move the
 * book from Available to Booked; the name and price come from the book row, the buyer from the session.
 */
export async function bookBook(db: Db, input: NewBooking): Promise<string> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, input.buyer.id);
    const [book] = await tx
      .update(books)
      .set({ status: 'Booked' })
      .where(
        and(
          eq(books.id, input.bookId),
          eq(books.status, 'Available'),
          eq(books.reported, false),
          ne(books.sellerId, input.buyer.id),
        ),
      )
      .returning({ id: books.id, bookName: books.bookName, priceCents: books.resalePriceCents });
    if (!book) throw await whyNotBookable(tx, input.bookId, input.buyer.id);
    const [booking] = await tx
      .insert(bookings)
      .values({
        bookId: book.id,
        buyerId: input.buyer.id,
        email: input.buyer.email,
        bookName: book.bookName,
        priceCents: book.priceCents,
        contact: input.contact,
        meetingLocation: input.meetingLocation,
      })
      .onConflictDoNothing({ target: bookings.bookId })
      .returning({ id: bookings.id });
    if (!booking) throw new AppError('CONFLICT', 'Someone booked this book first');
    return booking.id;
  });
}

async function whyNotBookable(tx: Tx, bookId: string, buyerId: string): Promise<AppError> {
  const [book] = await tx
    .select({ sellerId: books.sellerId, status: books.status, reported: books.reported })
    .from(books)
    .where(eq(books.id, bookId));
  if (!book) return new AppError('NOT_FOUND', 'No book with this id');
  if (book.sellerId === buyerId) return new AppError('FORBIDDEN', 'You cannot book your own book');
  const [held] = await tx.select({ buyerId: bookings.buyerId }).from(bookings).where(eq(bookings.bookId, bookId));
  if (held && held.buyerId === buyerId) {
    return new AppError('CONFLICT', 'You have already booked this book; find it in My Orders');
  }
  if (book.status === 'Sold') return new AppError('CONFLICT', 'This book is already sold');
  if (book.status === 'Booked') return new AppError('CONFLICT', 'Someone booked this book first');
  return new AppError('CONFLICT', 'This book was reported and cannot be booked until an admin reviews it');
}

/** The bookings of the user with this email (none if there is no such user), newest first. */
export async function listBookingsOf(db: Db, currency: string, email: string, page: PageQuery) {
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  if (!owner) return { items: [], total: 0 };
  const mine = eq(bookings.buyerId, owner.id);
  const [rows, [total]] = await Promise.all([
    fromBookingView(db)
      .where(mine)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(bookings).where(mine),
  ]);
  return { items: rows.map((row) => toBookingItem(row, currency)), total: total?.n ?? 0 };
}

/** One booking, for its buyer only. */
export async function getOwnBooking(db: Db, currency: string, bookingId: string, buyerId: string) {
  const [row] = await fromBookingView(db).where(eq(bookings.id, bookingId));
  if (!row) throw new AppError('NOT_FOUND', 'No order with this id');
  if (row.buyerId !== buyerId) throw new AppError('FORBIDDEN', 'This order belongs to someone else');
  return toBookingItem(row, currency);
}

/** Deletes the buyer's own unpaid booking and puts the book back on sale, in one transaction. */
export async function deleteOwnBooking(db: Db, bookingId: string, buyerId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, bookId: bookings.bookId, buyerId: bookings.buyerId, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    if (!booking) throw new AppError('NOT_FOUND', 'No order with this id');
    if (booking.buyerId !== buyerId) throw new AppError('FORBIDDEN', 'You can only delete your own orders');
    if (booking.status === 'Paid') throw new AppError('CONFLICT', 'This order is paid, so it cannot be deleted');
    await tx.delete(bookings).where(eq(bookings.id, booking.id));
    await tx
      .update(books)
      .set({ status: 'Available' })
      .where(and(eq(books.id, booking.bookId), eq(books.status, 'Booked')));
    return 1;
  });
}

/** Whether the caller holds an unpaid booking of this book (which is then Booked). */
export async function isBookedBy(db: Db, bookId: string, buyerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(books, eq(books.id, bookings.bookId))
    .where(and(eq(bookings.bookId, bookId), eq(bookings.buyerId, buyerId), eq(books.status, 'Booked')));
  return Boolean(row);
}

/** Whether the book is on sale again (no one holds a booking of it). */
export async function isAvailable(db: Db, bookId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.status, 'Available')));
  return Boolean(row);
}
