import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/book.ts';
import type { Db } from '../../db/client.ts';
import { books, categories } from '../../db/schema/catalog.ts';
import { fromBookView, toBook } from './book-view.ts';

/** Books anyone may see: Available and not hidden by reports. */
export const isPublic = and(eq(books.status, 'Available'), eq(books.hidden, false))!;

async function listPublic(db: Db, currency: string, where: SQL, page: PageQuery) {
  const [rows, [total]] = await Promise.all([
    fromBookView(db)
      .where(where)
      .orderBy(desc(books.postDate), desc(books.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(books).innerJoin(categories, eq(categories.id, books.categoryId)).where(where),
  ]);
  return { items: rows.map((row) => toBook(row, currency)), total: total?.n ?? 0 };
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
