import { and, asc, eq, exists, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { session, user } from '../../db/schema/auth.ts';
import { books, reports } from '../../db/schema/catalog.ts';
import { bookings } from '../../db/schema/orders.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Deletes a user in one transaction, as PRODUCT.md §4 says: their unsold listings go (with any
 * booking on them), their unpaid bookings go and those books return to Available, their sessions
 * end, their reports go (a book nobody else reported is listed again); payment records stay. Nobody
 * deletes themselves.
 */
export async function deleteUser(db: Db, { id, by }: { id: string; by: string }): Promise<number> {
  if (id === by) throw new AppError('CONFLICT', 'You cannot delete your own account');
  return db.transaction(async (tx) => {
    // Both rows, in one order, so two admins deleting each other at once cannot both succeed.
    const locked = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(inArray(user.id, [id, by]))
      .orderBy(asc(user.id))
      .for('update');
    if (locked.find((row) => row.id === by)?.role !== 'Admin') {
      throw new AppError('FORBIDDEN', 'Only Admin accounts can do this');
    }
    if (!locked.some((row) => row.id === id)) throw new AppError('NOT_FOUND', 'No user with this id');

    const unpaid = await tx
      .select({ id: bookings.id, bookId: bookings.bookId })
      .from(bookings)
      .where(and(eq(bookings.buyerId, id), isNull(bookings.status)))
      .for('update');
    if (unpaid.length > 0) {
      const bookIds = unpaid.map((b) => b.bookId);
      await tx.select({ id: books.id }).from(books).where(inArray(books.id, bookIds)).for('update');
      await tx.delete(bookings).where(
        inArray(
          bookings.id,
          unpaid.map((b) => b.id),
        ),
      );
      await tx
        .update(books)
        .set({ status: 'Available' })
        .where(and(inArray(books.id, bookIds), eq(books.status, 'Booked')));
    }

    const unsold = await tx
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.sellerId, id), inArray(books.status, ['Available', 'Booked'])))
      .for('update');
    if (unsold.length > 0) {
      const bookIds = unsold.map((b) => b.id);
      await tx.delete(bookings).where(inArray(bookings.bookId, bookIds));
      await tx.delete(books).where(inArray(books.id, bookIds));
    }

    // Locked before the user's reports go with them (a cascade), then flagged by the reports that remain.
    const reported = await tx
      .selectDistinct({ id: reports.bookId })
      .from(reports)
      .where(eq(reports.reporterId, id))
      .orderBy(asc(reports.bookId));
    const reportedIds = reported.map((r) => r.id);
    if (reportedIds.length > 0) {
      await tx.select({ id: books.id }).from(books).where(inArray(books.id, reportedIds)).for('update');
    }

    await tx.delete(session).where(eq(session.userId, id));
    const deleted = await tx.delete(user).where(eq(user.id, id)).returning({ id: user.id });
    if (reportedIds.length > 0) {
      const stillReported = exists(tx.select({ id: reports.id }).from(reports).where(eq(reports.bookId, books.id)));
      await tx.update(books).set({ reported: stillReported }).where(inArray(books.id, reportedIds));
    }
    return deleted.length;
  });
}
