import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { books } from './catalog.ts';

/** A buyer's booking of a book (the specification's wish-list item). At most one per book. */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    bookName: text('book_name').notNull(),
    priceCents: integer('price_cents').notNull(),
    contact: text('contact').notNull(),
    meetingLocation: text('meeting_location').notNull().default(''),
    status: text('status', { enum: ['Paid'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('bookings_one_per_book').on(t.bookId), index('bookings_buyer_idx').on(t.buyerId, t.createdAt)],
);

/** A recorded card payment; kept when the buyer or the book is deleted. */
export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  bookingId: uuid('booking_id')
    .unique()
    .references(() => bookings.id, { onDelete: 'set null' }),
  bookId: uuid('book_id'),
  email: text('email').notNull(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull(),
  provider: text('provider').notNull(),
  transactionId: text('transaction_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook events already handled, so a redelivered event changes nothing. */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
