import { and, count, desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/book.ts';
import type { ReportedBook } from '../../../shared/schemas/report.ts';
import type { SessionUser } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { books, categories, reports } from '../../db/schema/catalog.ts';
import { AppError } from '../../http/errors.ts';
import { bookViewColumns, toBook } from '../books/book-view.ts';
import { lockAccount } from '../users/lock-account.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function lockBook(tx: Tx, bookId: string) {
  const [book] = await tx
    .select({ sellerId: books.sellerId, reported: books.reported })
    .from(books)
    .where(eq(books.id, bookId))
    .for('update');
  if (!book) throw new AppError('NOT_FOUND', 'There is no book with this id');
  return book;
}

/** Records one user's report of a book (once per user) and takes the book off every public list. */
export function reportBook(db: Db, bookId: string, reporter: SessionUser, reason: string | undefined) {
  return db.transaction(async (tx) => {
    await lockAccount(tx, reporter.id);
    const book = await lockBook(tx, bookId);
    if (book.sellerId === reporter.id) throw new AppError('FORBIDDEN', 'You cannot report your own book');
    const recorded = await tx
      .insert(reports)
      .values({ bookId, reporterId: reporter.id, reason: reason || null })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (recorded.length === 0) throw new AppError('CONFLICT', 'You have already reported this book');
    if (!book.reported) await tx.update(books).set({ reported: true }).where(eq(books.id, bookId));
    return { acknowledged: true, modifiedCount: 1 };
  });
}

/** Reported books with how many reports each has and the latest one, most recently reported first. */
export async function listReportedBooks(
  db: Db,
  currency: string,
  page: PageQuery,
): Promise<{
  items: ReportedBook[];
  total: number;
}> {
  const stats = db
    .select({
      bookId: reports.bookId,
      reportCount: count().as('report_count'),
      lastReportedAt: max(reports.createdAt).as('last_reported_at'),
    })
    .from(reports)
    .groupBy(reports.bookId)
    .as('stats');
  const lastReason = db
    .select({ reason: reports.reason })
    .from(reports)
    .where(and(eq(reports.bookId, books.id), isNotNull(reports.reason)))
    .orderBy(desc(reports.createdAt))
    .limit(1);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...bookViewColumns,
        reportCount: stats.reportCount,
        lastReportedAt: stats.lastReportedAt,
        lastReason: sql<string | null>`(${lastReason})`,
      })
      .from(books)
      .innerJoin(user, eq(user.id, books.sellerId))
      .innerJoin(categories, eq(categories.id, books.categoryId))
      .leftJoin(stats, eq(stats.bookId, books.id))
      .where(eq(books.reported, true))
      .orderBy(sql`${stats.lastReportedAt} desc nulls last`, desc(books.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(books).where(eq(books.reported, true)),
  ]);
  const items = rows.map((row) => ({
    ...toBook(row, currency),
    reportCount: Number(row.reportCount ?? 0),
    lastReportedAt: row.lastReportedAt ? new Date(row.lastReportedAt).toISOString() : null,
    lastReason: row.lastReason,
  }));
  return { items, total: total?.n ?? 0 };
}

/** An admin dismisses every report of a book: the reports go and the book is listed again. */
export function dismissReports(db: Db, bookId: string) {
  return db.transaction(async (tx) => {
    const book = await lockBook(tx, bookId);
    if (!book.reported) throw new AppError('CONFLICT', 'This book has no reports to dismiss');
    const removed = await tx.delete(reports).where(eq(reports.bookId, bookId)).returning({ id: reports.id });
    await tx.update(books).set({ reported: false }).where(eq(books.id, bookId));
    return { acknowledged: true, deletedCount: removed.length };
  });
}

/** An admin removes a reported book for good (its reports and any booking go with it; payments stay). */
export function removeReportedBook(db: Db, bookId: string) {
  return db.transaction(async (tx) => {
    const book = await lockBook(tx, bookId);
    if (!book.reported) throw new AppError('CONFLICT', 'Only a reported book can be removed here');
    const removed = await tx.delete(books).where(eq(books.id, bookId)).returning({ id: books.id });
    return { acknowledged: true, deletedCount: removed.length };
  });
}
