import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookingStatuses } from '#shared/constants.ts';
import { user } from './auth.ts';
import { books } from './catalog.ts';
import { changesVersion } from './change-versions.ts';
import { createdAt, generatedId, requiredUuidRef } from './columns.ts';

/**
 * A buyer's booking of a book (the specification's wish-list item). At most one live booking (awaiting
 * payment or Paid) per book; ended ones (Expired, Cancelled, Refunded) stay for the buyer's My Orders.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: generatedId(),
    bookId: requiredUuidRef('book_id', () => books.id),
    buyerId: text('buyer_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    bookName: text('book_name').notNull(),
    priceCents: integer('price_cents').notNull(),
    contact: text('contact').notNull(),
    meetingLocation: text('meeting_location').notNull().default(''),
    /** Null while it awaits payment. */
    status: text('status', { enum: bookingStatuses }),
    createdAt: createdAt(),
    /** Unpaid past this moment, the booking expires (the app sets BOOKING_HOLD after it was made). */
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull().default(sql`now() + interval '48 hours'`),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The store's fee (PLATFORM_FEE) and the seller's share, fixed when it was paid: price = share + fee. */
    feeCents: integer('fee_cents'),
    shareCents: integer('share_cents'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why the seller, an admin or the store ended it. */
    endReason: text('end_reason'),
    /** The payment provider's intent for this booking (at most one open at a time), and how many were opened. */
    intentId: text('intent_id'),
    intentAttempt: integer('intent_attempt').notNull().default(0),
    /**
     * Which of the buyer's MAX_OPEN_HOLDS places an unpaid booking takes (1 …): unique among the buyer's unpaid
     * bookings, so two bookings made at once cannot take the same last place (ADR 025).
     */
    holdSlot: smallint('hold_slot'),
    /** A bundle's discount (the seller's bundle discount when it was booked); `priceCents` is what is left to pay. */
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [
    uniqueIndex('bookings_one_live_per_book').on(t.bookId).where(sql`${t.status} is null or ${t.status} = 'Paid'`),
    uniqueIndex('bookings_open_hold_slot').on(t.buyerId, t.holdSlot).where(sql`${t.status} is null`),
    index('bookings_book_idx').on(t.bookId),
    index('bookings_buyer_idx').on(t.buyerId, t.createdAt),
    index('bookings_open_intent_idx').on(t.createdAt).where(sql`${t.intentId} is not null and ${t.status} is null`),
  ],
);
changesVersion(bookings, 'orders');

/**
 * The books of a bundle (ADR 031): one booking of several books of one seller. A bundle has a line for each of
 * its books, its `book_id` (the booking's first book) included; a booking of one book has none. `charged_cents`
 * is the book's part of what the bundle costs (its price less its part of the discount, shared in proportion to
 * the prices, the cents left over on the first line), so the lines add up to the booking's price: the ledger per
 * book.
 */
export const bookingBooks = pgTable(
  'booking_books',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bookId: requiredUuidRef('book_id', () => books.id),
    /** The order the buyer put the books in (0 is the booking's `book_id`). */
    position: smallint('position').notNull(),
    bookName: text('book_name').notNull(),
    priceCents: integer('price_cents').notNull(),
    chargedCents: integer('charged_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.bookId] }),
    index('booking_books_book_idx').on(t.bookId),
    check('booking_books_charged_within_price', sql`${t.chargedCents} between 0 and ${t.priceCents}`),
  ],
);
changesVersion(bookingBooks, 'orders');

/** A recorded card payment; kept when the buyer's account closes or the listing goes. */
export const payments = pgTable('payments', {
  id: generatedId(),
  bookingId: uuid('booking_id')
    .unique()
    .references(() => bookings.id, { onDelete: 'set null' }),
  bookId: uuid('book_id'),
  email: text('email').notNull(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull(),
  provider: text('provider').notNull(),
  transactionId: text('transaction_id').notNull().unique(),
  createdAt: createdAt(),
});
changesVersion(payments, 'orders');

/**
 * A charge given back: it succeeded for a booking that had ended (or was paid another way). Written in the
 * transaction that decides it (`pending`), then made at the provider by the refund job (`succeeded`).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: generatedId(),
    transactionId: text('transaction_id').notNull().unique(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'succeeded'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`)],
);
changesVersion(refunds, 'orders');

/** Webhook events already handled, so a redelivered event changes nothing. */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
