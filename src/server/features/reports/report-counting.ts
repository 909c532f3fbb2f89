import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { user } from '#server/db/schema/auth.ts';
import { books, reports } from '#server/db/schema/catalog.ts';
import { bookings } from '#server/db/schema/orders.ts';
import type { Tx } from '#server/db/transaction.ts';
import { bookingHoldsBook, settleLater } from '#server/features/bookings/bookings.public.ts';

/**
 * THE rule of whether a report counts toward hiding its book, as one SQL expression over a row of `reports`: it
 * awaits a decision (no admin dismissed it), its reporter's account was confirmed and at least
 * REPORT_MIN_ACCOUNT_AGE old when it was made (`eligible`, fixed then), and no admin has banned that account from
 * reporting since. `books.hidden` is written from it alone (`recountReports`), and every list, search, booking and
 * payment reads that flag; the admins' queue shows it for each report.
 */
export const reportCounts = sql<boolean>`(${reports.dismissedAt} is null and ${reports.eligible} and not exists (
  select 1 from ${user} where ${user.id} = ${reports.reporterId} and ${user.reportingBannedAt} is not null))`;

/**
 * Whether an account may have its reports count from now on, read from its row: confirmed, and created at least
 * `minAgeMs` before this transaction began.
 */
export const accountMayCount = (minAgeMs: number) =>
  sql<boolean>`(${user.emailVerified} and ${user.createdAt} <= now() - ${minAgeMs}::bigint * interval '1 millisecond')`;

/**
 * Sets the flags of these books from their reports, the only place that does: `reported` (in the admins' queue)
 * while a report of it awaits a decision, `hidden` while at least `hideThreshold` of its reports count
 * (`reportCounts`). The books are locked here in id order (their reports are counted after the locks, so a report
 * committed meanwhile is seen); the caller's transaction holds the accounts it changes already (accounts come
 * first). A book this hides loses the payment intent of its booking awaiting payment: it cannot be paid until an
 * admin decides.
 */
export async function recountReports(tx: Tx, bookIds: string[], hideThreshold: number): Promise<void> {
  if (bookIds.length === 0) return;
  const before = await tx
    .select({ id: books.id, hidden: books.hidden })
    .from(books)
    .where(inArray(books.id, bookIds))
    .orderBy(asc(books.id))
    .for('update');
  const open = sql`count(${reports.id}) filter (where ${reports.dismissedAt} is null)`;
  const counting = sql`count(${reports.id}) filter (where ${reportCounts})`;
  const tally = tx
    .select({ bookId: books.id, open: open.as('open'), counting: counting.as('counting') })
    .from(books)
    .leftJoin(reports, eq(reports.bookId, books.id))
    .where(inArray(books.id, bookIds))
    .groupBy(books.id)
    .as('tally');
  const after = await tx
    .update(books)
    .set({ reported: sql`${tally.open} > 0`, hidden: sql`${tally.counting} >= ${hideThreshold}` })
    .from(tally)
    .where(eq(books.id, tally.bookId))
    .returning({ id: books.id, hidden: books.hidden });
  const wasHidden = new Set(before.filter((book) => book.hidden).map((book) => book.id));
  const newlyHidden = after.filter((book) => book.hidden && !wasHidden.has(book.id)).map((book) => book.id);
  if (newlyHidden.length === 0) return;
  const awaiting = await tx
    .select({ intentId: bookings.intentId })
    .from(bookings)
    .where(and(or(...newlyHidden.map((id) => bookingHoldsBook(id))), isNull(bookings.status)));
  for (const { intentId } of awaiting) if (intentId) await settleLater(tx, intentId);
}
