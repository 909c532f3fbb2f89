import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The built-in test card processor's own ledger of PaymentIntent-like objects. It lives in the database
 * (not in memory) so that any app server can confirm or look up an intent another one created.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    bookingId: uuid('booking_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded'] })
      .notNull()
      .default('requires_payment_method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_payment_intents_booking_idx').on(t.bookingId)],
);
