import { eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { books, categories } from '#server/db/schema/catalog.ts';
import { fromCents } from '#shared/money.ts';
import type { Book } from '#shared/schemas/book.ts';

/** The columns behind the API's book shape; join with `fromBookView`. */
export const bookViewColumns = {
  id: books.id,
  bookName: books.bookName,
  author: books.author,
  isbn: books.isbn,
  sellerEmail: user.email,
  sellerName: user.name,
  sellerVerified: user.verified,
  postDate: books.postDate,
  originalPriceCents: books.originalPriceCents,
  resalePriceCents: books.resalePriceCents,
  condition: books.condition,
  categoryName: categories.name,
  image: books.image,
  thumbnail: books.thumbnail,
  phone: books.phone,
  location: books.location,
  description: books.description,
  purchaseYear: books.purchaseYear,
  status: books.status,
  advertised: books.advertised,
  reported: books.reported,
  /** On sale, and in the cheapest quarter of its comparables (migration `good-price`, ADR 102). */
  goodPrice: sql<boolean>`case when ${books.status} = 'Available' and not ${books.hidden}
    then bookshelf_good_price(${books.id}, ${books.isbn}, ${books.bookName}, ${books.author}, ${books.resalePriceCents})
    else false end`,
};

type NoMore = Record<never, never>;

/** Books with their seller and category, selecting the book shape's columns and any `more`. */
export function fromBookView<More extends SelectedFields = NoMore>(db: Db, more = {} as More) {
  return db
    .select({ ...bookViewColumns, ...more })
    .from(books)
    .innerJoin(user, eq(user.id, books.sellerId))
    .innerJoin(categories, eq(categories.id, books.categoryId));
}

type BookRow = Awaited<ReturnType<ReturnType<typeof fromBookView<NoMore>>['execute']>>[number];

export function toBook(row: BookRow, currency: string): Book {
  return {
    _id: row.id,
    bookName: row.bookName,
    author: row.author,
    isbn: row.isbn,
    email: row.sellerEmail,
    SellerName: row.sellerName,
    sellerVerified: row.sellerVerified,
    postDate: row.postDate.toISOString(),
    originalPrice: fromCents(row.originalPriceCents),
    resalePrice: fromCents(row.resalePriceCents),
    currency,
    condition: row.condition,
    booksCategory: row.categoryName,
    image: row.image,
    thumbnail: row.thumbnail,
    phone: row.phone,
    location: row.location,
    description: row.description,
    purchaseYear: row.purchaseYear,
    status: row.status,
    advertise: row.advertised ? 'Advertised' : null,
    reported: row.reported,
    goodPrice: row.goodPrice,
  };
}
