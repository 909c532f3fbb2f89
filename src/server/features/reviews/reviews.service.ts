import { and, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { paginate } from '#server/db/paginate.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { handovers } from '#server/db/schema/handovers.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { reviewPublishedAt, reviewShown, reviews } from '#server/db/schema/reviews.ts';
import { notifications } from '#server/db/schema/wanted.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { lockBooking, orderNamingColumns } from '#server/features/bookings/bookings.public.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { authorize } from '#server/policies/policies.ts';
import { texts } from '#shared/i18n/texts.ts';
import { type OrderNaming, orderName } from '#shared/order-name.ts';
import { reviewWindowDays, reviewWindowMs } from '#shared/reviews.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import type { NewReview, OwnReview, PendingReview, Review } from '#shared/schemas/review.ts';
import { reviewHiddenMail } from './reviews.mail.ts';

const t = texts.reviews;
const windowInterval = sql`${reviewWindowMs} * interval '1 millisecond'`;

/**
 * The buyer or the seller of a handed-over order reviews the other, once, within the review window. Under the
 * order's row lock, so the two reviews of one order are written one after the other and the second publishes both;
 * whether the window is still open is decided by the database's clock in the same transaction as the insert, so a
 * review racing the close is either in (written before it) or refused, never half of each.
 */
export async function writeReview(db: Db, author: SessionUser, input: NewReview): Promise<OwnReview> {
  return inTransaction(db, async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) throw new AppError('NOT_FOUND', 'No order with this id');
    const [book] = await tx.select({ sellerId: books.sellerId }).from(books).where(eq(books.id, booking.bookId));
    const order = { buyerId: booking.buyerId, sellerId: book!.sellerId };
    authorize(author, 'review.write', order);
    if (order.buyerId === order.sellerId) throw new AppError('BAD_REQUEST', t.oneself);
    const [handover] = await tx
      .select({
        handedOverAt: handovers.handedOverAt,
        closesAt: sql<Date>`${handovers.handedOverAt} + ${windowInterval}`.mapWith(handovers.handedOverAt),
        open: sql<boolean>`now() < ${handovers.handedOverAt} + ${windowInterval}`,
      })
      .from(handovers)
      .where(eq(handovers.bookingId, booking.id));
    if (booking.status !== 'Paid' || !handover?.handedOverAt) throw new AppError('CONFLICT', t.notHandedOver);
    if (!handover.open) throw new AppError('CONFLICT', t.windowClosed({ days: reviewWindowDays }));
    const role = author.id === order.buyerId ? 'buyer' : 'seller';
    const subjectId = role === 'buyer' ? order.sellerId : order.buyerId;
    if (!subjectId) throw new AppError('CONFLICT', t.notHandedOver);
    const [written] = await tx
      .insert(reviews)
      .values({
        bookingId: booking.id,
        authorId: author.id,
        subjectId,
        authorRole: role,
        stars: input.stars,
        text: input.text,
        windowClosesAt: handover.closesAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!written) throw new AppError('CONFLICT', t.alreadyReviewed);
    // Both in: both are public from now on.
    const [both] = await tx.select({ n: count() }).from(reviews).where(eq(reviews.bookingId, booking.id));
    const published = both!.n === 2;
    if (published) await tx.update(reviews).set({ publishedAt: sql`now()` }).where(eq(reviews.bookingId, booking.id));
    else await tellTheOther(tx, { author, subjectId, role, booking, closesAt: written.windowClosesAt });
    return {
      _id: written.id,
      bookingId: booking.id,
      stars: written.stars,
      text: written.text,
      windowClosesAt: written.windowClosesAt.toISOString(),
      published,
    };
  });
}

/**
 * The bell of the other party of an order, when the first review of it is in: write yours before the window
 * closes. A closed account is never told.
 */
async function tellTheOther(
  tx: Tx,
  p: {
    author: SessionUser;
    subjectId: string;
    role: 'buyer' | 'seller';
    booking: OrderNaming & { id: string };
    closesAt: Date;
  },
) {
  const [subject] = await tx.select({ closedAt: user.closedAt }).from(user).where(eq(user.id, p.subjectId));
  if (!subject || subject.closedAt) return;
  const until = p.closesAt.toISOString().slice(0, 16).replace('T', ' ');
  await tx
    .insert(notifications)
    .values({
      userId: p.subjectId,
      kind: 'review-written',
      dedupeKey: `review-written:${p.booking.id}`,
      text: t.reviewedYou({ name: p.author.name, book: orderName(p.booking), until: `${until} UTC` }),
      // The buyer reviewed the seller: the seller writes theirs from My Products, and the other way round.
      link: p.role === 'buyer' ? '/dashboard/myProducts' : '/dashboard/wishList',
    })
    .onConflictDoNothing();
}

/** The reviewed person replies once, publicly, to a published review; two replies at once: the first wins. */
export async function replyToReview(db: Db, caller: SessionUser, reviewId: string, text: string) {
  const [review] = await db
    .select({
      authorId: reviews.authorId,
      subjectId: reviews.subjectId,
      reply: reviews.reply,
      shown: sql<boolean>`${reviewPublishedAt} <= now()`,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!review) throw new AppError('NOT_FOUND', 'There is no review with this id');
  authorize(caller, 'review.reply', review);
  if (!review.shown) throw new AppError('CONFLICT', t.notPublished);
  // One statement decides: a reply already there (written by a racing request too) refuses this one.
  const [replied] = await db
    .update(reviews)
    .set({ reply: text, repliedAt: sql`now()` })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  if (!replied) throw new AppError('CONFLICT', t.alreadyReplied);
  return { modifiedCount: 1 };
}

/**
 * An admin hides a review that breaks the rules: kept, marked with the reason, out of every public answer and
 * rating; the author is told why (the bell and a mail), unless their account is closed.
 */
export async function hideReview(db: Db, admin: SessionUser, reviewId: string, reason: string) {
  return inTransaction(db, async (tx) => {
    const subject = alias(user, 'subject');
    const [review] = await tx
      .select({
        authorId: reviews.authorId,
        subjectId: reviews.subjectId,
        subjectName: subject.name,
        hiddenAt: reviews.hiddenAt,
        authorClosed: user.closedAt,
      })
      .from(reviews)
      .innerJoin(user, eq(user.id, reviews.authorId))
      .innerJoin(subject, eq(subject.id, reviews.subjectId))
      .where(eq(reviews.id, reviewId))
      .for('update', { of: reviews });
    if (!review) throw new AppError('NOT_FOUND', 'There is no review with this id');
    if (review.hiddenAt) throw new AppError('CONFLICT', t.alreadyHidden);
    await tx
      .update(reviews)
      .set({ hiddenAt: sql`now()`, hiddenReason: reason, hiddenBy: admin.id })
      .where(eq(reviews.id, reviewId));
    if (!review.authorClosed) {
      await tx
        .insert(notifications)
        .values({
          userId: review.authorId,
          kind: 'review-hidden',
          dedupeKey: `review-hidden:${reviewId}`,
          text: t.hiddenNotice({ name: review.subjectName, reason }),
          link: `/sellers/${review.subjectId}`,
        })
        .onConflictDoNothing();
      await queueMail(
        tx,
        reviewHiddenMail({
          authorId: review.authorId,
          subjectId: review.subjectId,
          subjectName: review.subjectName,
          reason,
        }),
      );
    }
    return { modifiedCount: 1 };
  });
}

/** The caller's handed-over orders they may still review: the window open and no review of theirs yet. */
export async function listPendingReviews(db: Db, caller: SessionUser): Promise<PendingReview[]> {
  const buyer = alias(user, 'buyer');
  const seller = alias(user, 'seller');
  const rows = await db
    .select({
      bookingId: bookings.id,
      ...orderNamingColumns,
      buyerId: bookings.buyerId,
      buyerName: buyer.name,
      sellerName: seller.name,
      closesAt: sql<Date>`${handovers.handedOverAt} + ${windowInterval}`.mapWith(handovers.handedOverAt),
    })
    .from(bookings)
    .innerJoin(handovers, eq(handovers.bookingId, bookings.id))
    .innerJoin(books, eq(books.id, bookings.bookId))
    .innerJoin(seller, eq(seller.id, books.sellerId))
    .innerJoin(buyer, eq(buyer.id, bookings.buyerId))
    .leftJoin(reviews, and(eq(reviews.bookingId, bookings.id), eq(reviews.authorId, caller.id)))
    .where(
      and(
        or(eq(bookings.buyerId, caller.id), eq(books.sellerId, caller.id)),
        sql`${bookings.buyerId} <> ${books.sellerId}`,
        eq(bookings.status, 'Paid'),
        sql`${handovers.handedOverAt} + ${windowInterval} > now()`,
        isNull(reviews.id),
      ),
    )
    .orderBy(desc(handovers.handedOverAt));
  return rows.map((row) => {
    const role = row.buyerId === caller.id ? 'buyer' : 'seller';
    return {
      bookingId: row.bookingId,
      bookName: row.bookName,
      bundle: row.bundle,
      role,
      otherName: role === 'buyer' ? row.sellerName : row.buyerName,
      windowClosesAt: row.closesAt.toISOString(),
    };
  });
}

/** The published, shown reviews of a person, newest first, with their replies. */
export function listReviewsOf(db: Db, personId: string, page: PageQuery) {
  const author = alias(user, 'author');
  const of = and(eq(reviews.subjectId, personId), reviewShown)!;
  return paginate(
    db
      .select({
        id: reviews.id,
        stars: reviews.stars,
        text: reviews.text,
        authorId: reviews.authorId,
        authorName: author.name,
        authorRole: reviews.authorRole,
        ...orderNamingColumns,
        publishedAt: sql<Date>`${reviewPublishedAt}`.mapWith(reviews.createdAt),
        reply: reviews.reply,
        repliedAt: reviews.repliedAt,
      })
      .from(reviews)
      .innerJoin(author, eq(author.id, reviews.authorId))
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
      .where(of)
      .orderBy(desc(reviewPublishedAt), desc(reviews.id)),
    db.select({ n: count() }).from(reviews).where(of),
    page,
    (row): Review => ({
      _id: row.id,
      stars: row.stars,
      text: row.text,
      authorId: row.authorId,
      authorName: row.authorName,
      authorRole: row.authorRole,
      bookName: row.bookName,
      bundle: row.bundle,
      publishedAt: row.publishedAt.toISOString(),
      reply: row.reply && row.repliedAt ? { text: row.reply, repliedAt: row.repliedAt.toISOString() } : null,
    }),
  );
}

/**
 * Writes down the publication of the reviews whose window closed alone (`reviewPublishedAt` already shows them):
 * a change to the table, so the cached lists and pages with ratings are made again.
 */
export async function publishClosedReviews(db: Db): Promise<number> {
  const published = await db
    .update(reviews)
    .set({ publishedAt: reviews.windowClosesAt })
    .where(and(isNull(reviews.publishedAt), lte(reviews.windowClosesAt, sql`now()`)))
    .returning({ id: reviews.id });
  return published.length;
}
