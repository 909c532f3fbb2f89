import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { conditions, listingStatuses } from '../../../shared/constants.ts';
import { user } from './auth.ts';

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const books = pgTable(
  'books',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Accounts are closed, never deleted (features/users/close-account.service.ts), so no cascade here.
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    bookName: text('book_name').notNull(),
    originalPriceCents: integer('original_price_cents').notNull(),
    resalePriceCents: integer('resale_price_cents').notNull(),
    condition: text('condition', { enum: conditions }).notNull(),
    image: text('image').notNull(),
    thumbnail: text('thumbnail').notNull(),
    phone: text('phone').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    purchaseYear: date('purchase_year').notNull(),
    status: text('status', { enum: listingStatuses }).notNull().default('Available'),
    advertised: boolean('advertised').notNull().default(false),
    /** In the admins' queue: at least one report awaits a decision. */
    reported: boolean('reported').notNull().default(false),
    /** Reported by REPORT_HIDE_THRESHOLD different users: off every public list, not bookable or payable. */
    hidden: boolean('hidden').notNull().default(false),
    postDate: timestamp('post_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('books_prices_positive', sql`${t.originalPriceCents} > 0 and ${t.resalePriceCents} > 0`),
    index('books_seller_idx').on(t.sellerId, t.postDate),
    index('books_public_category_idx')
      .on(t.categoryId, t.postDate)
      .where(sql`${t.status} = 'Available' and not ${t.hidden}`),
    index('books_public_idx').on(t.postDate).where(sql`${t.status} = 'Available' and not ${t.hidden}`),
    index('books_advertised_idx')
      .on(t.postDate)
      .where(sql`${t.advertised} and ${t.status} = 'Available' and not ${t.hidden}`),
    index('books_reported_idx').on(t.id).where(sql`${t.reported}`),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reports_once_per_user').on(t.bookId, t.reporterId)],
);

/**
 * Versions of what this process caches (public lists, signed-in sessions): each is the sum of its column over
 * the slots, and only grows. Triggers (migration 0002) add one at commit of every transaction that changed
 * what the cache holds; each connection bumps its own slot so writers rarely wait. See ADR 007.
 */
export const changeVersions = pgTable('change_versions', {
  slot: smallint('slot').primaryKey(),
  /** Books, categories, and the sellers' names, emails and verification the lists show. */
  catalog: bigint('catalog', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Sessions changed or ended, users changed or deleted. */
  accounts: bigint('accounts', { mode: 'bigint' }).notNull().default(sql`0`),
});
