import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import type { Pageable } from '#server/db/paginate.ts';
import { user } from '#server/db/schema/auth.ts';
import { books, categories } from '#server/db/schema/catalog.ts';
import { ratingOf } from '#server/db/schema/reviews.ts';
import { fromCents } from '#shared/money.ts';
import type { Book } from '#shared/schemas/book.ts';

/** The columns behind the API's book shape; join with `fromBookView`. */
export const bookViewColumns = {
  id: books.id,
  bookName: books.bookName,
  author: books.author,
  isbn: books.isbn,
  publisher: books.publisher,
  publicationYear: books.publicationYear,
  defects: books.defects,
  sellerEmail: user.email,
  sellerName: user.name,
  sellerId: books.sellerId,
  ...ratingOf(),
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
  version: books.version,
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

/**
 * The rows with `goodPrice`: on sale and in the cheapest quarter of its comparables (migration `good-price`, ADR 018),
 * read for all of them in one query. Asked after a page is cut, so a page costs the same at any offset.
 */
export async function withGoodPrices<Row extends { id: string }>(
  db: Db,
  rows: Row[],
): Promise<(Row & { goodPrice: boolean })[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const good = await db
    .select({ id: books.id })
    .from(books)
    .where(
      and(
        inArray(books.id, ids),
        eq(books.status, 'Available'),
        eq(books.hidden, false),
        sql`bookshelf_good_price(${books.id}, ${books.isbn}, ${books.bookName}, ${books.author}, ${books.resalePriceCents})`,
      ),
    );
  const goodIds = new Set(good.map((row) => row.id));
  return rows.map((row) => ({ ...row, goodPrice: goodIds.has(row.id) }));
}

/** A list's select for `paginate`, its page's rows given `goodPrice` (`withGoodPrices`). */
export function withGoodPricesPaged<Row extends { id: string }>(
  db: Db,
  select: Pageable<Row>,
): Pageable<Row & { goodPrice: boolean }> {
  return {
    limit: (limit) => ({
      offset: (offset) =>
        select
          .limit(limit)
          .offset(offset)
          .then((rows) => withGoodPrices(db, rows)),
    }),
  };
}

/**
 * The book shape of a row. The seller's email and phone (`contact`) are only for those allowed to reach them (the
 * seller, admins, the buyer of a booking of the book): for anyone else the fields are absent, never blanked.
 */
export function toBook(
  row: BookRow & { goodPrice: boolean },
  currency: string,
  { contact = false }: { contact?: boolean } = {},
): Book {
  return {
    _id: row.id,
    bookName: row.bookName,
    author: row.author,
    isbn: row.isbn,
    publisher: row.publisher,
    publicationYear: row.publicationYear,
    defects: row.defects,
    ...(contact ? { email: row.sellerEmail, phone: row.phone } : {}),
    SellerName: row.sellerName,
    sellerId: row.sellerId,
    sellerRating: { average: row.ratingAverage === null ? null : Number(row.ratingAverage), count: row.ratingCount },
    sellerVerified: row.sellerVerified,
    postDate: row.postDate.toISOString(),
    originalPrice: fromCents(row.originalPriceCents),
    resalePrice: fromCents(row.resalePriceCents),
    currency,
    condition: row.condition,
    booksCategory: row.categoryName,
    image: row.image,
    thumbnail: row.thumbnail,
    location: row.location,
    description: row.description,
    purchaseYear: row.purchaseYear,
    status: row.status,
    advertise: row.advertised ? 'Advertised' : null,
    reported: row.reported,
    goodPrice: row.goodPrice,
    version: row.version,
  };
}
