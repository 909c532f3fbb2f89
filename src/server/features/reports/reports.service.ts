import { and, count, desc, eq, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { type Page, paginate } from '#server/db/paginate.ts';
import { user } from '#server/db/schema/auth.ts';
import { books, reports } from '#server/db/schema/catalog.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { bookingHoldsBook, endBooking, lockBooking } from '#server/features/bookings/bookings.public.ts';
import { fromBookView, toBook, withGoodPricesPaged } from '#server/features/books/books.public.ts';
import { deletePicturesLater, picturesOfBook } from '#server/features/uploads/uploads.public.ts';
import { queueMail } from '#server/mail/outbox.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import type { BookReport, ReportedBook } from '#shared/schemas/report.ts';
import { accountMayCount, recountReports, reportCounts } from './report-counting.ts';
import { bookRemovedMail, reportDecidedMail } from './reports.mail.ts';

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
    .where(and(bookingHoldsBook(bookId), isNull(bookings.status)));
  return row ?? null;
}

/**
 * The reporter's account, locked until the report commits: `for share`, so that an admin banning it from reporting
 * (an update of the row) waits for the report and then stops it counting, or goes first and the report is refused
 * (403). Answers whether the account may have its reports count (`accountMayCount`).
 */
async function lockReporter(tx: Tx, reporterId: string, minAgeMs: number) {
  const [account] = await tx
    .select({ mayCount: accountMayCount(minAgeMs), bannedAt: user.reportingBannedAt })
    .from(user)
    .where(and(eq(user.id, reporterId), isNull(user.closedAt)))
    .for('share');
  if (!account) throw new AppError('UNAUTHORIZED', 'Your account no longer exists; please sign in again');
  if (account.bannedAt) throw new AppError('FORBIDDEN', 'An admin has banned your account from reporting books');
  return account.mayCount;
}

/** How the report rules are set: REPORT_HIDE_THRESHOLD and REPORT_MIN_ACCOUNT_AGE. */
export interface ReportRules {
  hideThreshold: number;
  minAccountAgeMs: number;
}

/**
 * Records one user's report of a book (once per user and book, ever: a dismissed report stays) and puts the book in
 * the admins' queue. The report counts toward hiding the book only when the reporter's account is confirmed and at
 * least `minAccountAgeMs` old (`reportCounts`); the book stays listed until `hideThreshold` reports count. Then it
 * leaves every public list, and the payment intent of a booking of it is cancelled: it cannot be paid until an
 * admin decides.
 */
export function reportBook(
  db: Db,
  bookId: string,
  reporter: SessionUser,
  reason: string | undefined,
  rules: ReportRules,
) {
  return inTransaction(db, async (tx) => {
    const eligible = await lockReporter(tx, reporter.id, rules.minAccountAgeMs);
    const book = await lockBook(tx, bookId);
    if (book.sellerId === reporter.id) throw new AppError('FORBIDDEN', 'You cannot report your own book');
    if (book.status === 'Sold') throw new AppError('CONFLICT', 'This book is sold, so it can no longer be reported');
    const recorded = await tx
      .insert(reports)
      .values({ bookId, reporterId: reporter.id, reason: reason || null, eligible })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (recorded.length === 0) {
      const [earlier] = await tx
        .select({ dismissedAt: reports.dismissedAt })
        .from(reports)
        .where(and(eq(reports.bookId, bookId), eq(reports.reporterId, reporter.id)));
      throw new AppError(
        'CONFLICT',
        earlier?.dismissedAt
          ? 'You reported this book before and an admin dismissed that report, so you cannot report it again'
          : 'You have already reported this book',
      );
    }
    await recountReports(tx, [bookId], rules.hideThreshold);
    return { acknowledged: true, modifiedCount: 1 };
  });
}

/** At most this many reports of one book are listed in the admins' queue, the newest (its count says how many). */
export const reportsListedPerBook = 100;

/** The open reports of these books, newest first, with who made them and whether each counts. */
async function openReportsOf(db: Db, bookIds: string[]) {
  if (bookIds.length === 0) return new Map<string, BookReport[]>();
  const bannedBy = alias(user, 'banned_by');
  const ranked = db
    .select({
      bookId: reports.bookId,
      reporterId: reports.reporterId,
      reporterName: sql<string>`${user.name}`.as('reporter_name'),
      reporterEmail: user.email,
      reportedAt: reports.createdAt,
      reason: reports.reason,
      counts: reportCounts.as('counts'),
      bannedAt: user.reportingBannedAt,
      bannedByName: sql<string | null>`${bannedBy.name}`.as('banned_by_name'),
      dismissedReports: sql<number>`(select count(*) from ${reports} d
        where d.reporter_id = ${reports.reporterId} and d.dismissed_at is not null)`.as('dismissed_reports'),
      rank: sql<number>`row_number() over (partition by ${reports.bookId}
        order by ${reports.createdAt} desc, ${reports.id} desc)`.as('rank'),
    })
    .from(reports)
    .innerJoin(user, eq(user.id, reports.reporterId))
    .leftJoin(bannedBy, eq(bannedBy.id, user.reportingBannedBy))
    .where(and(inArray(reports.bookId, bookIds), isNull(reports.dismissedAt)))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, reportsListedPerBook))
    .orderBy(ranked.bookId, ranked.rank);
  const byBook = new Map<string, BookReport[]>();
  for (const row of rows) {
    const list = byBook.get(row.bookId) ?? [];
    list.push({
      reporterId: row.reporterId,
      reporterName: row.reporterName,
      reporterEmail: row.reporterEmail,
      reportedAt: new Date(row.reportedAt).toISOString(),
      reason: row.reason,
      counts: row.counts,
      reporterBannedAt: row.bannedAt ? new Date(row.bannedAt).toISOString() : null,
      reporterBannedBy: row.bannedAt ? (row.bannedByName ?? null) : null,
      reporterDismissedReports: Number(row.dismissedReports ?? 0),
    });
    byBook.set(row.bookId, list);
  }
  return byBook;
}

/**
 * Books in the admins' queue, most recently reported first: how many open reports each has and how many of them
 * count, their reasons, and each report with its reporter.
 */
export async function listReportedBooks(db: Db, currency: string, page: PageQuery): Promise<Page<ReportedBook>> {
  const stats = db
    .select({
      bookId: reports.bookId,
      reportCount: count().as('report_count'),
      countingReports: sql<number>`count(*) filter (where ${reportCounts})`.as('counting_reports'),
      lastReportedAt: max(reports.createdAt).as('last_reported_at'),
      reasons: sql<string[]>`coalesce(array_agg(${reports.reason} order by ${reports.createdAt} desc)
        filter (where ${reports.reason} is not null), '{}')`.as('reasons'),
    })
    .from(reports)
    .where(isNull(reports.dismissedAt))
    .groupBy(reports.bookId)
    .as('stats');
  const inQueue = and(eq(books.reported, true), sql`${books.status} <> 'Removed'`);
  const listed = await paginate(
    withGoodPricesPaged(
      db,
      fromBookView(db, {
        hidden: books.hidden,
        photos: books.photos,
        reportCount: stats.reportCount,
        countingReports: stats.countingReports,
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
      const book = toBook(row, currency, { contact: true });
      return {
        ...book,
        hidden: row.hidden,
        photos: [{ url: book.image, thumbnail: book.thumbnail }, ...row.photos],
        reportCount: Number(row.reportCount ?? 0),
        countingReports: Number(row.countingReports ?? 0),
        lastReportedAt: row.lastReportedAt ? new Date(row.lastReportedAt).toISOString() : null,
        lastReason: reasons[0] ?? null,
        reasons,
        reports: [] as BookReport[],
      };
    },
  );
  const reportsOf = await openReportsOf(
    db,
    listed.items.map((book) => book._id),
  );
  for (const book of listed.items) book.reports = reportsOf.get(book._id) ?? [];
  return listed;
}

/**
 * Closes the book's open reports, as the admin decided, and tells each reporter: dismissed reports stay, counting
 * no more (their reporters cannot report the book again); the reports of a removed book go with it.
 */
async function closeReports(tx: Tx, bookId: string, bookName: string, decision: { dismissedBy: string } | 'removed') {
  const open = and(eq(reports.bookId, bookId), isNull(reports.dismissedAt));
  const closed =
    decision === 'removed'
      ? await tx.delete(reports).where(open).returning({ reporterId: reports.reporterId })
      : await tx
          .update(reports)
          .set({ dismissedAt: sql`now()`, dismissedBy: decision.dismissedBy })
          .where(open)
          .returning({ reporterId: reports.reporterId });
  const told = decision === 'removed' ? 'removed' : 'dismissed';
  for (const { reporterId } of closed) {
    await queueMail(tx, reportDecidedMail({ reporterId, bookName, decision: told }));
  }
  return closed.length;
}

/**
 * An admin dismisses every open report of a book: they stay, marked dismissed (by whom, when), so they count no
 * more and their reporters cannot report the book again; a hidden book is listed again.
 */
export function dismissReports(db: Db, bookId: string, adminId: string, hideThreshold: number) {
  return inTransaction(db, async (tx) => {
    const book = await lockBook(tx, bookId);
    if (!book.reported) throw new AppError('CONFLICT', 'This book has no reports to dismiss');
    const deletedCount = await closeReports(tx, bookId, book.bookName, { dismissedBy: adminId });
    await recountReports(tx, [bookId], hideThreshold);
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
