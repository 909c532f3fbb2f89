import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The built-in test card processor's own ledger of PaymentIntent-like objects and refunds. It lives in the
 * database (not in memory) so that any app server can confirm, cancel or refund an intent another one created.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    /** As Stripe's Idempotency-Key: asking again with the same key answers the same intent. */
    idempotencyKey: text('idempotency_key').unique(),
    bookingId: uuid('booking_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] })
      .notNull()
      .default('requires_payment_method'),
    createdAt: createdAt(),
  },
  (t) => [index('test_payment_intents_booking_idx').on(t.bookingId)],
);

/** Refunds the test processor made; one (whole) refund per intent, as the app asks for. */
export const testRefunds = pgTable('test_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .unique()
    .references(() => testPaymentIntents.id),
  amount: integer('amount').notNull(),
  createdAt: createdAt(),
});
