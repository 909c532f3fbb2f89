import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { paginate } from '#server/db/paginate.ts';
import { user } from '#server/db/schema/auth.ts';
import { books, categories } from '#server/db/schema/catalog.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { bookingHoldsBook } from '#server/features/bookings/bookings.public.ts';
import { mayReadContact } from '#server/policies/policies.ts';
import type { BookDetail, PageQuery, RelatedBooks } from '#shared/schemas/book.ts';
import { fromBookView, toBook, withGoodPrices, withGoodPricesPaged } from './book-view.ts';

/** Books anyone may see: Available and not hidden by reports. */
export const isPublic = and(eq(books.status, 'Available'), eq(books.hidden, false))!;

function listPublic(db: Db, currency: string, where: SQL, page: PageQuery) {
  return paginate(
    withGoodPricesPaged(db, fromBookView(db).where(where).orderBy(desc(books.postDate), desc(books.id))),
    db.select({ n: count() }).from(books).innerJoin(categories, eq(categories.id, books.categoryId)).where(where),
    page,
    (row) => toBook(row, currency),
  );
}

export function listAllBooks(db: Db, currency: string, page: PageQuery) {
  return listPublic(db, currency, isPublic, page);
}

export function listAdvertisedBooks(db: Db, currency: string, page: PageQuery) {
  return listPublic(db, currency, and(isPublic, eq(books.advertised, true))!, page);
}

/** The category's public books, or null when there is no category of that name. */
export async function listCategoryBooks(db: Db, currency: string, categoryName: string, page: PageQuery) {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, categoryName));
  if (!category) return null;
  return listPublic(db, currency, and(isPublic, eq(books.categoryId, category.id))!, page);
}

/** How many of the seller's other books, and of similar books, a book page shows. */
export const relatedCount = 6;

/** A book's row as its page needs it, or a refusal: 404 unknown or hidden by reports, 410 sold or removed. */
async function findShownBook(db: Db, id: string) {
  const [row] = await fromBookView(db, {
    hidden: books.hidden,
    photos: books.photos,
    sellerId: books.sellerId,
    categoryId: books.categoryId,
  }).where(eq(books.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'There is no book with this id');
  if (row.status === 'Sold') throw new AppError('GONE', 'This book has been sold');
  if (row.status === 'Removed') throw new AppError('GONE', 'This book is no longer listed');
  if (row.hidden) throw new AppError('NOT_FOUND', 'There is no book with this id');
  return row;
}

/** One book for its page: Available or Booked, not hidden; with all its photos, the cover first. */
export async function getBook(db: Db, currency: string, id: string): Promise<BookDetail> {
  const row = (await withGoodPrices(db, [await findShownBook(db, id)]))[0]!;
  const book = toBook(row, currency);
  return { ...book, photos: [{ url: book.image, thumbnail: book.thumbnail }, ...row.photos] };
}

/** The seller's other listed books, and listed books like it: by the same author first, then of its category. */
export async function getRelatedBooks(db: Db, currency: string, id: string): Promise<RelatedBooks> {
  const { sellerId, categoryId, ...row } = await findShownBook(db, id);
  const others = and(isPublic, ne(books.id, id))!;
  const newest = [desc(books.postDate), desc(books.id)];
  const [sellerBooks, byAuthor, byCategory] = await Promise.all([
    fromBookView(db)
      .where(and(others, eq(books.sellerId, sellerId)))
      .orderBy(...newest)
      .limit(relatedCount),
    row.author
      ? fromBookView(db)
          .where(and(others, sql`bookshelf_fold(${books.author}) = bookshelf_fold(${row.author})`))
          .orderBy(desc(books.postDate))
          .limit(relatedCount)
      : Promise.resolve([]),
    fromBookView(db)
      .where(and(others, eq(books.categoryId, categoryId)))
      .orderBy(...newest)
      .limit(relatedCount * 2),
  ]);
  const similar = [...byAuthor, ...byCategory]
    .filter((book, index, all) => all.findIndex((other) => other.id === book.id) === index)
    .slice(0, relatedCount);
  const priced = await withGoodPrices(db, [...sellerBooks, ...similar]);
  return {
    sellerBooks: priced.slice(0, sellerBooks.length).map((book) => toBook(book, currency)),
    similar: priced.slice(sellerBooks.length).map((book) => toBook(book, currency)),
  };
}

/**
 * The seller's email and phone for `caller` when they may read them (`mayReadContact`: the seller, an admin, the
 * buyer of the book's booking that awaits payment or is paid), else null: everyone else's answer has neither field.
 */
export async function contactFor(db: Db, id: string, caller: SessionUser) {
  const [row] = await db
    .select({ sellerId: books.sellerId, email: user.email, phone: books.phone, bookedBy: bookings.buyerId })
    .from(books)
    .innerJoin(user, eq(user.id, books.sellerId))
    .leftJoin(
      bookings,
      and(bookingHoldsBook(books.id), sql`(${bookings.status} is null or ${bookings.status} = 'Paid')`),
    )
    .where(eq(books.id, id));
  if (!row || !mayReadContact(caller, row)) return null;
  return { email: row.email, phone: row.phone };
}
