import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { changesVersion } from './change-versions.ts';
import { ownerId } from './columns.ts';

/**
 * A seller's bundle discount (ADR 031): `percent` off a bundle of at least `min_books` of their books. No row, no
 * discount. A bundle takes the discount in force when it is booked, and keeps it.
 */
export const bundleDiscounts = pgTable(
  'bundle_discounts',
  {
    sellerId: ownerId('seller_id').primaryKey(),
    percent: smallint('percent').notNull(),
    minBooks: smallint('min_books').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bundle_discounts_percent_range', sql`${t.percent} between 1 and 50`),
    check('bundle_discounts_min_books_range', sql`${t.minBooks} between 2 and 20`),
  ],
);
changesVersion(bundleDiscounts, 'catalog');
