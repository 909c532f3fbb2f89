import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import { endAccountTokens } from '#server/auth/reset-links.ts';
import type { Db } from '#server/db/client.ts';
import { account, session, user } from '#server/db/schema/auth.ts';
import { books, reports } from '#server/db/schema/catalog.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { bookings, payments } from '#server/db/schema/orders.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { endBooking, lockBookings } from '#server/features/bookings/bookings.public.ts';
import { endLiveStreams } from '#server/features/conversations/conversations.public.ts';
import { recountReports } from '#server/features/reports/reports.public.ts';
import { deletePicturesLater, picturesOfBook } from '#server/features/uploads/uploads.public.ts';
import { lastAdminRefusal } from './admin-role.service.ts';

export const closedAccountName = 'Closed account';

/**
 * An admin deletes a user, which closes the account in one transaction, since nothing anyone paid for may disappear: it can no longer sign
 * in (its sessions, bearer tokens, sign-in methods and reset links go; auth/closed-accounts.ts refuses it any new
 * session or password), its name, email, phone numbers and photo give way
 * to a tombstone, its unsold listings leave the store, its bookings awaiting payment end and so do bookings of
 * its listings (those books are back on sale), and its reports go. Sold books, paid orders and payments stay,
 * for the other party and for the accounts. The pictures of its photo and removed listings are deleted after
 * the commit, but for any that something else uses. Nobody closes their own account here.
 */
export async function closeAccount(
  db: Db,
  { id, by, hideThreshold }: { id: string; by: string; hideThreshold: number },
): Promise<number> {
  if (id === by) throw new AppError('CONFLICT', 'You cannot delete your own account');
  return inTransaction(db, async (tx) => {
    // Accounts, then bookings, then books: the lock order of every transaction (docs/ARCHITECTURE.md). Every
    // open admin's account is locked too, as taking the admin role back does, so that one admin always remains.
    const openAdmin = and(eq(user.role, 'Admin'), isNull(user.closedAt));
    const accounts = await tx
      .select({ id: user.id, role: user.role, email: user.email, image: user.image, closedAt: user.closedAt })
      .from(user)
      .where(or(inArray(user.id, [id, by]), openAdmin))
      .orderBy(asc(user.id))
      .for('update');
    const admin = accounts.find((row) => row.id === by);
    if (admin?.role !== 'Admin' || admin.closedAt) throw new AppError('FORBIDDEN', 'Only Admin accounts can do this');
    const target = accounts.find((row) => row.id === id);
    if (!target || target.closedAt) throw new AppError('NOT_FOUND', 'No user with this id');
    const admins = accounts.filter((row) => row.role === 'Admin' && !row.closedAt);
    if (target.role === 'Admin' && admins.length === 1) throw new AppError('CONFLICT', lastAdminRefusal);

    const awaiting = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(books, eq(books.id, bookings.bookId))
      .where(and(isNull(bookings.status), or(eq(bookings.buyerId, id), eq(books.sellerId, id))));
    // Locked only now: one of them may have been paid meanwhile, and a paid order stays.
    const locked = await lockBookings(
      tx,
      awaiting.map((row) => row.id),
    );
    const ended = locked.filter((booking) => booking.status === null);
    const listed = await tx
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.sellerId, id), inArray(books.status, ['Available', 'Booked'])));
    const reported = await tx.selectDistinct({ id: reports.bookId }).from(reports).where(eq(reports.reporterId, id));
    const bookIds = [
      ...new Set([...ended.map((b) => b.bookId), ...listed.map((b) => b.id), ...reported.map((b) => b.id)]),
    ];
    if (bookIds.length > 0) {
      await tx
        .select({ id: books.id })
        .from(books)
        .where(inArray(books.id, bookIds))
        .orderBy(asc(books.id))
        .for('update');
    }

    // Closed first, so that nothing below mails the person whose account this was.
    const tombstone = `closed-${id}@closed.invalid`;
    await tx
      .update(user)
      .set({
        name: closedAccountName,
        email: tombstone,
        image: null,
        emailVerified: false,
        meetupPhone: null,
        meetupPlace: null,
        closedAt: new Date(),
      })
      .where(eq(user.id, id));
    for (const booking of ended) {
      const reason = booking.buyerId === id ? 'The buyer’s account was closed' : 'The seller’s account was closed';
      await endBooking(tx, booking, 'Cancelled', reason);
    }
    const removed = await tx
      .update(books)
      .set({ status: 'Removed', advertised: false })
      .where(and(eq(books.sellerId, id), eq(books.status, 'Available')))
      .returning({ image: books.image, thumbnail: books.thumbnail, photos: books.photos });
    await deletePicturesLater(tx, [target.image, ...removed.flatMap(picturesOfBook)]);

    await tx.delete(reports).where(eq(reports.reporterId, id));
    await recountReports(
      tx,
      reported.map((book) => book.id),
      hideThreshold,
    );

    const theirOrders = tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.buyerId, id));
    await tx.update(payments).set({ email: tombstone }).where(inArray(payments.bookingId, theirOrders));
    await tx.update(bookings).set({ email: tombstone, contact: '' }).where(eq(bookings.buyerId, id));
    await tx.update(books).set({ phone: '' }).where(eq(books.sellerId, id));
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.userId, id), isNull(mailOutbox.sentAt)));
    await tx.update(mailOutbox).set({ toAddress: tombstone, toName: null }).where(eq(mailOutbox.userId, id));
    await tx.delete(session).where(eq(session.userId, id));
    await tx.delete(account).where(eq(account.userId, id));
    await endAccountTokens(tx, id);
    // Its live streams of conversations end on every server when this commits.
    await endLiveStreams(tx, id);
    return 1;
  });
}
