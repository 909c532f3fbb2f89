import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { conditions } from '#shared/constants.ts';
import { books } from './catalog.ts';
import { changesVersion } from './change-versions.ts';
import { createdAt, generatedId, ownerId } from './columns.ts';

/**
 * A person's Wanted list: each entry an ISBN or a saved search (its words and filters as the search page's
 * address holds them). A listing that matches an entry alerts its owner once (`notifications`, ADR 019).
 */
export const wanted = pgTable(
  'wanted',
  {
    id: generatedId(),
    userId: ownerId('user_id'),
    /** An ISBN entry: the 13 digits of the ISBN-13. Null for a saved search. */
    isbn: text('isbn'),
    /** A saved search: its words ('' for filters alone). Null for an ISBN entry. */
    query: text('query'),
    /** The words when they are an ISBN (13 digits), which the search also matches against `books.isbn`. */
    queryIsbn: text('query_isbn'),
    category: text('category'),
    condition: text('condition', { enum: conditions }),
    minPriceCents: integer('min_price_cents'),
    maxPriceCents: integer('max_price_cents'),
    verified: boolean('verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('wanted_isbn_or_search', sql`(${t.isbn} is null) <> (${t.query} is null)`),
    unique('wanted_once')
      .on(t.userId, t.isbn, t.query, t.category, t.condition, t.minPriceCents, t.maxPriceCents, t.verified)
      .nullsNotDistinct(),
    index('wanted_isbn_idx').on(t.isbn).where(sql`${t.isbn} is not null`),
  ],
);
changesVersion(wanted, 'orders');

/**
 * What the store tells a person in the app (the bell in the navbar). Each is raised with a dedupe key chosen by the
 * feature that raises it, unique per person: however often its job runs, one event tells a person once (a
 * wanted-book alert's key is `wanted:<book id>`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: generatedId(),
    userId: ownerId('user_id'),
    /** What it is about: `wanted` (a listing matched the Wanted list). */
    kind: text('kind').notNull(),
    bookId: uuid('book_id').references(() => books.id),
    /** What makes two notifications the same one: `<kind>:<what it is about>`. */
    dedupeKey: text('dedupe_key').notNull(),
    text: text('text').notNull(),
    /** The page it is about, a path of the web app. */
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Its mail was held back by WANTED_MAIL_DAILY_LIMIT: it waits for the next daily digest. */
    mailHeld: boolean('mail_held').notNull().default(false),
  },
  (t) => [
    uniqueIndex('notifications_once_per_key').on(t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_mail_held_idx').on(t.userId).where(sql`${t.mailHeld}`),
  ],
);
changesVersion(notifications, 'orders');

/**
 * How many Wanted-list alerts each person was mailed on a day (UTC): at most WANTED_MAIL_DAILY_LIMIT. Counted by an
 * upsert that only adds while under the limit, so alert jobs running at once cannot pass it together.
 */
export const wantedMailDays = pgTable(
  'wanted_mail_days',
  {
    userId: ownerId('user_id'),
    day: date('day').notNull(),
    mailed: integer('mailed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
