import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { changesVersion } from './change-versions.ts';
import { createdAt, generatedId } from './columns.ts';
import { bookings } from './orders.ts';

/**
 * A review one party of a handed-over order writes of the other (ADR 029): once per order and author, within the
 * review window after the handover. It is published (`publishedAt`) when the other party's review is in, or at the
 * window's close (`windowClosesAt`), whichever comes first: `reviewPublishedAt` derives it, so nothing waits on a
 * job to be right; the `publish-reviews` job writes it down so the cached lists change. Rows are never deleted:
 * an admin hides one (kept, with the reason), and a closed account's reviews stay under its tombstone.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: generatedId(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    authorId: text('author_id')
      .notNull()
      .references((): AnyPgColumn => user.id),
    subjectId: text('subject_id')
      .notNull()
      .references((): AnyPgColumn => user.id),
    /** What the author was in the order: the buyer reviews the seller, the seller the buyer. */
    authorRole: text('author_role', { enum: ['buyer', 'seller'] }).notNull(),
    stars: smallint('stars').notNull(),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
    /** The handover plus the review window: after it no review of the order is taken, and its reviews are public. */
    windowClosesAt: timestamp('window_closes_at', { withTimezone: true }).notNull(),
    /** Set when both reviews of the order are in, or written down by `publish-reviews` after the window closed. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The reviewed person's one public reply. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** An admin hid it for breaking the rules: kept, out of every public answer and rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by').references((): AnyPgColumn => user.id),
  },
  (t) => [
    uniqueIndex('reviews_once_per_order_and_author').on(t.bookingId, t.authorId),
    index('reviews_subject_idx').on(t.subjectId, t.createdAt),
    index('reviews_unpublished_idx').on(t.windowClosesAt).where(sql`${t.publishedAt} is null`),
    check('reviews_stars_range', sql`${t.stars} between 1 and 5`),
    check('reviews_text_length', sql`char_length(${t.text}) <= 1000`),
    check('reviews_reply_length', sql`${t.reply} is null or char_length(${t.reply}) between 1 and 1000`),
    check('reviews_not_of_oneself', sql`${t.authorId} <> ${t.subjectId}`),
  ],
);
// Book cards and the seller pages show ratings; My Orders and My Products what is left to review.
changesVersion(reviews, 'catalog');
changesVersion(reviews, 'orders');

/** When a review is (or will be) public: when the other one came in, else when the window closes. */
export const reviewPublishedAt = sql`coalesce(${reviews.publishedAt}, ${reviews.windowClosesAt})`;

/** Whether a review is public now: published, not hidden. */
export const reviewShown: SQL = sql`(${reviewPublishedAt} <= now() and ${reviews.hiddenAt} is null)`;

/**
 * A person's rating from the reviews shown of them: their average stars (null without any) and their count. For a
 * select from (or joining) the `user` table unaliased: the person is `"user"."id"`, named in full, since Drizzle
 * writes a column of a one-table select without its table.
 */
export const ratingOf = () => ({
  ratingAverage: sql<
    string | null
  >`(select round(avg(r.stars), 2) from reviews r where r.subject_id = "user"."id" and coalesce(r.published_at, r.window_closes_at) <= now() and r.hidden_at is null)`,
  ratingCount:
    sql<number>`(select count(*) from reviews r where r.subject_id = "user"."id" and coalesce(r.published_at, r.window_closes_at) <= now() and r.hidden_at is null)`.mapWith(
      Number,
    ),
});
