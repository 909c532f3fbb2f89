import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookDefects, conditions, listingStatuses } from '#shared/constants.ts';
import { user } from './auth.ts';
import { changesVersion } from './change-versions.ts';
import { createdAt, generatedId, ownerId, requiredUuidRef } from './columns.ts';

export const categories = pgTable('categories', {
  id: generatedId(),
  name: text('name').notNull().unique(),
});
changesVersion(categories, 'catalog');

/** A text search document; migration 0005 keeps `books.search_vector` filled by a trigger. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A photo of a book beside its cover: the stored picture and its thumbnail. */
export interface BookPhoto {
  url: string;
  thumbnail: string;
}

/** The predicate of every public list, as the partial indexes state it. */
const publicRow = (t: { status: unknown; hidden: unknown }) => sql`${t.status} = 'Available' and not ${t.hidden}`;

export const books = pgTable(
  'books',
  {
    id: generatedId(),
    // Accounts are closed, never deleted (features/users/close-account.service.ts), so no cascade here.
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id),
    categoryId: requiredUuidRef('category_id', () => categories.id),
    bookName: text('book_name').notNull(),
    /** Optional; searched and shown beside the title. */
    author: text('author'),
    /** Optional; the 13 digits of its ISBN-13 (shared/isbn.ts). */
    isbn: text('isbn'),
    /** Optional, often filled from the ISBN lookup (features/isbn). */
    publisher: text('publisher'),
    publicationYear: smallint('publication_year'),
    /** The checklist beside the condition (shared/constants.ts `bookDefects`), in that order, each at most once. */
    defects: text('defects', { enum: bookDefects }).array().notNull().default(sql`'{}'::text[]`),
    originalPriceCents: integer('original_price_cents').notNull(),
    resalePriceCents: integer('resale_price_cents').notNull(),
    condition: text('condition', { enum: conditions }).notNull(),
    image: text('image').notNull(),
    thumbnail: text('thumbnail').notNull(),
    /** The photos after the cover (`image`), in the seller's order: at most four. */
    photos: jsonb('photos').$type<BookPhoto[]>().notNull().default([]),
    phone: text('phone').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    purchaseYear: date('purchase_year').notNull(),
    status: text('status', { enum: listingStatuses }).notNull().default('Available'),
    advertised: boolean('advertised').notNull().default(false),
    /** In the admins' queue: at least one report awaits a decision (is not dismissed). */
    reported: boolean('reported').notNull().default(false),
    /**
     * At least REPORT_HIDE_THRESHOLD of its reports count (features/reports/report-counting.ts): off every public
     * list, not bookable or payable.
     */
    hidden: boolean('hidden').notNull().default(false),
    postDate: timestamp('post_date', { withTimezone: true }).notNull().defaultNow(),
    /** Grows by one at each edit of the listing by its seller: an edit names the version it changed (409 otherwise). */
    version: integer('version').notNull().default(1),
    /** When its seller last edited it (null: never); the sitemaps give it as the page's last change. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * Title and author (weight A), category (C) and description (D) in the `bookshelf` text search
     * configuration (English stemming, accents removed). Written by the trigger of migration 0006, never by the app.
     */
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    /** Title and author alone, so that a search finds the books whose title or author has the word among many that mention it. */
    titleVector: tsvector('title_vector').generatedAlwaysAs(
      sql`to_tsvector('bookshelf'::regconfig, coalesce(book_name, '') || ' ' || coalesce(author, ''))`,
    ),
  },
  (t) => [
    check('books_prices_positive', sql`${t.originalPriceCents} > 0 and ${t.resalePriceCents} > 0`),
    check(
      'books_defects_known',
      sql`${t.defects} <@ array[${sql.raw(bookDefects.map((d) => `'${d}'`).join(', '))}]::text[]`,
    ),
    check('books_publication_year_range', sql`${t.publicationYear} between 1400 and 2100`),
    index('books_seller_idx').on(t.sellerId, t.postDate),
    index('books_public_category_idx')
      .on(t.categoryId, t.postDate)
      .where(sql`${t.status} = 'Available' and not ${t.hidden}`),
    index('books_public_idx').on(t.postDate).where(sql`${t.status} = 'Available' and not ${t.hidden}`),
    index('books_advertised_idx')
      .on(t.postDate)
      .where(sql`${t.advertised} and ${t.status} = 'Available' and not ${t.hidden}`),
    index('books_reported_idx').on(t.id).where(sql`${t.reported}`),
    index('books_public_search_idx').using('gin', t.searchVector).where(publicRow(t)),
    index('books_public_title_search_idx').using('gin', t.titleVector).where(publicRow(t)),
    index('books_public_price_idx').on(t.resalePriceCents, t.postDate).where(publicRow(t)),
    index('books_public_title_trgm_idx')
      .using('gin', sql`bookshelf_fold(${t.bookName}) gin_trgm_ops`)
      .where(publicRow(t)),
    index('books_public_author_trgm_idx')
      .using('gin', sql`bookshelf_fold(${t.author}) gin_trgm_ops`)
      .where(publicRow(t)),
    index('books_public_author_idx')
      .on(sql`bookshelf_fold(${t.author})`, t.postDate)
      .where(sql`${t.status} = 'Available' and not ${t.hidden} and ${t.author} is not null`),
    // Search's "signed by the author" (and any defect it requires) reads this when few books have it.
    index('books_public_defects_idx').using('gin', t.defects).where(publicRow(t)),
    index('books_isbn_idx').on(t.isbn).where(sql`${t.isbn} is not null`),
    // A copy's comparables by title and author when its ISBN finds none (`bookshelf_comparables`, ADR 018).
    index('books_title_author_idx')
      .on(sql`bookshelf_fold(${t.bookName})`, sql`bookshelf_fold(${t.author})`)
      .where(sql`${t.author} is not null`),
  ],
);
changesVersion(books, 'catalog');

/**
 * Every word of every listed title and author (unaccented, lower case), for "did you mean": a mistyped word is
 * replaced by the most similar one here (pg_trgm). Filled by a trigger on books (migration 0006); words stay
 * when their books go, so a suggestion is only offered when it finds books.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

export const reports = pgTable(
  'reports',
  {
    id: generatedId(),
    bookId: requiredUuidRef('book_id', () => books.id, { onDelete: 'cascade' }),
    reporterId: ownerId('reporter_id'),
    reason: text('reason'),
    createdAt: createdAt(),
    /**
     * Whether the reporter's account was confirmed and at least REPORT_MIN_ACCOUNT_AGE old when the report was
     * made: only such a report can count toward hiding the book (features/reports/report-counting.ts).
     */
    eligible: boolean('eligible').notNull().default(false),
    /**
     * When an admin dismissed it. A dismissed report stays, counting no more, so that its reporter cannot report
     * the book again (`reports_once_per_user`).
     */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    /** The admin who dismissed it. */
    dismissedBy: text('dismissed_by').references(() => user.id),
  },
  (t) => [
    uniqueIndex('reports_once_per_user').on(t.bookId, t.reporterId),
    // A reporter's reports, when an admin bars the account or closes it.
    index('reports_reporter_idx').on(t.reporterId),
  ],
);
