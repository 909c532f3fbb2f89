import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { IsbnDetails } from '#shared/schemas/isbn-lookup.ts';
import { changesVersion } from './change-versions.ts';

/**
 * Answers of the ISBN lookup service (Open Library), so that each ISBN is asked once: `found` with its details,
 * `not-found`, or `unavailable` (the service failed; kept a short while so a failing service is not hammered).
 * Past `fresh_until` the service is asked again; should it fail then, a found answer is still served.
 */
export const isbnLookups = pgTable('isbn_lookups', {
  isbn: text('isbn').primaryKey(),
  outcome: text('outcome', { enum: ['found', 'not-found', 'unavailable'] }).notNull(),
  details: jsonb('details').$type<IsbnDetails>(),
  /** The cover picture the service suggests, on its own server; fetched only when a seller takes it. */
  coverUrl: text('cover_url'),
  askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  freshUntil: timestamp('fresh_until', { withTimezone: true }).notNull(),
});
// A Wanted list names an ISBN entry by the title found for it (kept in memory like a person's orders, ADR 012).
changesVersion(isbnLookups, 'orders', { columns: [isbnLookups.outcome, isbnLookups.details] });
