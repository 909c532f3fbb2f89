import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { SessionUser } from '#server/auth/auth.ts';
import type { Db } from '#server/db/client.ts';
import { type Page, paginate } from '#server/db/paginate.ts';
import { books, reports } from '#server/db/schema/catalog.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { endBooking, lockBooking, settleLater } from '#server/features/bookings/booking-lifecycle.ts';
import { fromBookView, toBook, withGoodPricesPaged } from '#server/features/books/book-view.ts';
import { deletePicturesLater, picturesOfBook } from '#server/features/uploads/unused-pictures.ts';
import { lockAccount } from '#server/features/users/lock-account.ts';
import { AppError } from '#server/http/errors.ts';
import { bookRemovedMail, reportDecidedMail } from '#server/mail/mail-templates.ts';
import { queueMail } from '#server/mail/outbox.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import type { ReportedBook } from '#shared/schemas/report.ts';

async function lockBook(tx: Tx, bookId: string) {
  const [book] = await tx
    .select({
      sellerId: books.sellerId,
      bookName: books.bookName,
      status: books.status,
      reported: books.reported,
      hidden: books.hidden,
    })
    .from(books)
    .where(eq(books.id, bookId))
    .for('update');
  if (!book || book.status === 'Removed') throw new AppError('NOT_FOUND', 'There is no book with this id');
  return book;
}

/** The booking of this book that awaits payment, if any (read without a lock). */
async function awaitingBookingOf(tx: Tx, bookId: string) {
  const [row] = await tx
    .select({ id: bookings.id, intentId: bookings.intentId })
    .from(bookings)
    .where(and(eq(bookings.bookId, bookId), isNull(bookings.status)));
  return row ?? null;
}

/**
 * Records one user's report of a book (once per user) and puts the book in the admins' queue; it stays
 * listed until `hideThreshold` different users have reported it. Then it leaves every public list, and the
 * payment intent of a booking of it is cancelled: it cannot be paid until an admin decides.
 */
export function reportBook(
  db: Db,
  bookId: string,
  reporter: SessionUser,
  reason: string | undefined,
  hideThreshold: number,
) {
  return inTransaction(db, async (tx) => {
    await lockAccount(tx, reporter.id);
    const book = await lockBook(tx, bookId);
    if (book.sellerId === reporter.id) throw new AppError('FORBIDDEN', 'You cannot report your own book');
    if (book.status === 'Sold') throw new AppError('CONFLICT', 'This book is sold, so it can no longer be reported');
    const recorded = await tx
      .insert(reports)
      .values({ bookId, reporterId: reporter.id, reason: reason || null })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (recorded.length === 0) throw new AppError('CONFLICT', 'You have already reported this book');
    const [reporters] = await tx.select({ n: count() }).from(reports).where(eq(reports.bookId, bookId));
    const hidden = (reporters?.n ?? 0) >= hideThreshold;
    await tx.update(books).set({ reported: true, hidden }).where(eq(books.id, bookId));
    if (hidden && !book.hidden) {
      const booking = await awaitingBookingOf(tx, bookId);
      if (booking?.intentId) await settleLater(tx, booking.intentId);
    }
    return { acknowledged: true, modifiedCount: 1 };
  });
}

/** Books in the admins' queue with how many reports each has and their reasons, most recently reported first. */
export function listReportedBooks(db: Db, currency: string, page: PageQuery): Promise<Page<ReportedBook>> {
  const stats = db
    .select({
      bookId: reports.bookId,
      reportCount: count().as('report_count'),
      lastReportedAt: max(reports.createdAt).as('last_reported_at'),
      reasons: sql<string[]>`coalesce(array_agg(${reports.reason} order by ${reports.createdAt} desc)
        filter (where ${reports.reason} is not null), '{}')`.as('reasons'),
    })
    .from(reports)
    .groupBy(reports.bookId)
    .as('stats');
  const inQueue = and(eq(books.reported, true), sql`${books.status} <> 'Removed'`);
  return paginate(
    withGoodPricesPaged(
      db,
      fromBookView(db, {
        hidden: books.hidden,
        reportCount: stats.reportCount,
        lastReportedAt: stats.lastReportedAt,
        reasons: stats.reasons,
      })
        .leftJoin(stats, eq(stats.bookId, books.id))
        .where(inQueue)
        .orderBy(sql`${stats.lastReportedAt} desc nulls last`, desc(books.id)),
    ),
    db.select({ n: count() }).from(books).where(inQueue),
    page,
    (row) => {
      const reasons = row.reasons ?? [];
      return {
        ...toBook(row, currency),
        hidden: row.hidden,
        reportCount: Number(row.reportCount ?? 0),
        lastReportedAt: row.lastReportedAt ? new Date(row.lastReportedAt).toISOString() : null,
        lastReason: reasons[0] ?? null,
        reasons,
      };
    },
  );
}

/** Deletes the book's reports and tells each reporter what the admin decided. */
async function closeReports(tx: Tx, bookId: string, bookName: string, decision: 'dismissed' | 'removed') {
  const closed = await tx
    .delete(reports)
    .where(eq(reports.bookId, bookId))
    .returning({ reporterId: reports.reporterId });
  for (const { reporterId } of closed) await queueMail(tx, reportDecidedMail({ reporterId, bookName, decision }));
  return closed.length;
}

/** An admin dismisses every report of a book: the reports go, and a hidden book is listed again. */
export function dismissReports(db: Db, bookId: string) {
  return inTransaction(db, async (tx) => {
    const book = await lockBook(tx, bookId);
    if (!book.reported) throw new AppError('CONFLICT', 'This book has no reports to dismiss');
    const deletedCount = await closeReports(tx, bookId, book.bookName, 'dismissed');
    await tx.update(books).set({ reported: false, hidden: false }).where(eq(books.id, bookId));
    return { acknowledged: true, deletedCount };
  });
}

/**
 * An admin removes a reported book that is not sold: it leaves the store for good (kept as Removed for the
 * orders that refer to it), its reports go, a booking awaiting payment is cancelled (a late charge is
 * refunded), and its pictures are deleted after the commit unless something else uses them.
 */
export function removeReportedBook(db: Db, bookId: string) {
  return inTransaction(db, async (tx) => {
    const seen = await awaitingBookingOf(tx, bookId);
    if (seen) await lockBooking(tx, seen.id);
    const book = await lockBook(tx, bookId);
    if (!book.reported) throw new AppError('CONFLICT', 'Only a reported book can be removed here');
    if (book.status === 'Sold') throw new AppError('CONFLICT', 'This book is sold, so it cannot be removed');
    // Read again under the book's lock: a booking made between the two reads is locked now (out of the usual
    // order, which inTransaction's retry covers should it ever deadlock).
    const awaiting = await awaitingBookingOf(tx, bookId);
    const booking = awaiting ? await lockBooking(tx, awaiting.id) : null;
    // The seller hears of the removal itself (below), not of a booking ended by it.
    if (booking) {
      await endBooking(tx, booking, 'Cancelled', 'An admin removed this book from the store', { tellSeller: false });
    }
    const [removed] = await tx
      .update(books)
      .set({ status: 'Removed', advertised: false, reported: false, hidden: false })
      .where(eq(books.id, bookId))
      .returning({ image: books.image, thumbnail: books.thumbnail, photos: books.photos });
    await deletePicturesLater(tx, picturesOfBook(removed!));
    await closeReports(tx, bookId, book.bookName, 'removed');
    await queueMail(tx, bookRemovedMail({ sellerId: book.sellerId, bookName: book.bookName }));
    return { acknowledged: true, deletedCount: 1 };
  });
}
