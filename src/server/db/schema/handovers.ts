import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { changesVersion } from './change-versions.ts';
import { createdAt } from './columns.ts';
import { bookings } from './orders.ts';

/**
 * The handover of a paid order at the meetup (ADR 020): made with the payment, in its transaction. The buyer
 * shows `code`; the seller enters it to mark the order handed over. Every change holds the booking's row lock.
 */
export const handovers = pgTable(
  'handovers',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    /** Six digits from a cryptographic generator; only the buyer's own answers carry it. */
    code: text('code').notNull(),
    /** Wrong codes entered for this order; at the limit no further try is accepted. */
    wrongTries: smallint('wrong_tries').notNull().default(0),
    createdAt: createdAt(),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    /** The buyer's problem report (once per order), and the admin's decision on it. */
    problemReason: text('problem_reason'),
    problemReportedAt: timestamp('problem_reported_at', { withTimezone: true }),
    problemDecision: text('problem_decision', { enum: ['refunded', 'dismissed'] }),
  },
  (t) => [
    check('handovers_code_six_digits', sql`${t.code} ~ '^[0-9]{6}$'`),
    index('handovers_open_problems_idx')
      .on(t.problemReportedAt)
      .where(sql`${t.problemReportedAt} is not null and ${t.problemDecision} is null`),
  ],
);
changesVersion(handovers, 'orders');
