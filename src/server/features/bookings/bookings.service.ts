import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/book.ts';
import type { SessionUser } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { books } from '../../db/schema/catalog.ts';
import { bookings } from '../../db/schema/orders.ts';
import { AppError } from '../../http/errors.ts';
import { fromBookingView, toBookingItem } from './booking-view.ts';

export interface NewBooking {
  bookId: string;
  buyer: SessionUser;
  contact: string;
  meetingLocation: string;
}

/**
 * Books a book in one statement, so one transaction and one round trip: the buyer's account is held (as
 * lockAccount does, before the book, so deleting the user cannot deadlock with it), the conditional update
 * lets exactly one of many racing buyers move the book from Available to Booked, and the booking row takes
 * the name and price from the book and the buyer from the session. A second booking row for the book breaks
 * the unique index and undoes the whole statement.
 */
export async function bookBook(db: Db, input: NewBooking): Promise<string> {
  const { buyer } = input;
  try {
    const { rows } = await db.execute<{ id: string }>(sql`
      with buyer as (
        select 1 from ${user} where ${user.id} = ${buyer.id} for key share
      ), booked as (
        update ${books} set status = 'Booked'
        where ${books.id} = ${input.bookId} and ${books.status} = 'Available' and not ${books.reported}
          and ${books.sellerId} <> ${buyer.id} and exists (select 1 from buyer)
        returning ${books.id}, ${books.bookName}, ${books.resalePriceCents}
      )
      insert into ${bookings} (book_id, buyer_id, email, book_name, price_cents, contact, meeting_location)
      select id, ${buyer.id}, ${buyer.email}, book_name, resale_price_cents, ${input.contact}, ${input.meetingLocation}
      from booked
      returning id`);
    if (rows[0]) return rows[0].id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  throw await whyNotBookable(db, input.bookId, buyer.id);
}

function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  return (cause as { code?: string } | undefined)?.code === '23505';
}

/** Why a booking changed nothing, read after the fact. */
async function whyNotBookable(db: Db, bookId: string, buyerId: string): Promise<AppError> {
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.id, buyerId));
  if (!account) return new AppError('UNAUTHORIZED', 'Your account no longer exists; please sign in again');
  const [book] = await db
    .select({ sellerId: books.sellerId, status: books.status, reported: books.reported })
    .from(books)
    .where(eq(books.id, bookId));
  if (!book) return new AppError('NOT_FOUND', 'No book with this id');
  if (book.sellerId === buyerId) return new AppError('FORBIDDEN', 'You cannot book your own book');
  const [held] = await db.select({ buyerId: bookings.buyerId }).from(bookings).where(eq(bookings.bookId, bookId));
  if (held && held.buyerId === buyerId) {
    return new AppError('CONFLICT', 'You have already booked this book; find it in My Orders');
  }
  if (book.status === 'Sold') return new AppError('CONFLICT', 'This book is already sold');
  if (book.reported) {
    return new AppError('CONFLICT', 'This book was reported and cannot be booked until an admin reviews it');
  }
  // Booked, or Available again because the booking that beat this one was deleted meanwhile.
  return new AppError('CONFLICT', 'Someone booked this book first');
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
