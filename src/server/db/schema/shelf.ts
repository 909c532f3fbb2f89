import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookDefects, conditions } from '#shared/constants.ts';
import { shelfImportStates, shelfLineOutcomes, shelfLookups, shelfSources } from '#shared/schemas/shelf.ts';
import type { BookPhoto } from './catalog.ts';
import { createdAt, generatedId, ownerId } from './columns.ts';

/**
 * A seller's shelf import: the ISBNs they pasted or the catalogue export they uploaded (`text`, until the
 * `read-shelf-import` job has read it into lines and drafts), then the drafts' lookups under way, then done.
 */
export const shelfImports = pgTable(
  'shelf_imports',
  {
    id: generatedId(),
    sellerId: ownerId('seller_id'),
    source: text('source', { enum: shelfSources }).notNull(),
    state: text('state', { enum: shelfImportStates }).notNull().default('reading'),
    /** What the seller sent, kept until it is read (then null). */
    text: text('text'),
    /** The fields every draft of it starts with (category, phone, meeting place, bought on). */
    defaults: jsonb('defaults').$type<ShelfDefaults>().notNull().default({}),
    lineCount: integer('line_count').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('shelf_imports_seller_idx').on(t.sellerId, t.createdAt)],
);

export interface ShelfDefaults {
  booksCategory?: string | null;
  phone?: string | null;
  location?: string | null;
  purchaseYear?: string | null;
}

/** What became of each line of an import: a draft, or why not. */
export const shelfImportLines = pgTable(
  'shelf_import_lines',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => shelfImports.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    /** The line (or the CSV row's ISBN, title and author) as the seller sent it, clipped. */
    text: text('text').notNull(),
    isbn: text('isbn'),
    outcome: text('outcome', { enum: shelfLineOutcomes }).notNull(),
    draftId: uuid('draft_id'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.lineNo] })],
);

/**
 * A book a seller means to list, not yet listed: filled in by the ISBN lookup and by the seller, published through
 * the add-a-book path (books' `addBook`), or discarded. An ISBN is a draft of a seller's at most once.
 */
export const bookDrafts = pgTable(
  'book_drafts',
  {
    id: generatedId(),
    /** The order drafts were made in (a shelf's order): drafts of one import share their `created_at`. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    sellerId: ownerId('seller_id'),
    importId: uuid('import_id').references(() => shelfImports.id, { onDelete: 'set null' }),
    /** The 13 digits of its ISBN-13, or null for a draft typed without one. */
    isbn: text('isbn'),
    lookup: text('lookup', { enum: shelfLookups }).notNull().default('waiting'),
    bookName: text('book_name'),
    author: text('author'),
    publisher: text('publisher'),
    publicationYear: smallint('publication_year'),
    /** The cover the lookup suggests, on the catalogue's server: shown, and stored only when the seller takes it. */
    suggestedCover: text('suggested_cover'),
    /** Median of the copies' prices when the price guide had enough of them. */
    suggestedPriceCents: integer('suggested_price_cents'),
    condition: text('condition', { enum: conditions }),
    defects: text('defects', { enum: bookDefects }).array().notNull().default(sql`'{}'::text[]`),
    originalPriceCents: integer('original_price_cents'),
    resalePriceCents: integer('resale_price_cents'),
    booksCategory: text('books_category'),
    image: text('image'),
    thumbnail: text('thumbnail'),
    photos: jsonb('photos').$type<BookPhoto[]>().notNull().default([]),
    phone: text('phone'),
    location: text('location'),
    description: text('description'),
    purchaseYear: date('purchase_year'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('book_drafts_isbn_once').on(t.sellerId, t.isbn).where(sql`${t.isbn} is not null`),
    index('book_drafts_seller_idx').on(t.sellerId, t.seq),
    index('book_drafts_waiting_idx').on(t.importId).where(sql`${t.lookup} = 'waiting'`),
    check('book_drafts_prices_positive', sql`${t.originalPriceCents} > 0 and ${t.resalePriceCents} > 0`),
  ],
);
