import { and, count, desc, eq } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { ratingOf } from '#server/db/schema/reviews.ts';
import { fromBookView, isPublic, toBook, withGoodPrices } from '#server/features/books/books.public.ts';
import type { SellerProfile } from '#shared/schemas/review.ts';

/** How many of a seller's books on sale their page shows. */
export const sellerPageBooks = 24;

/**
 * A person's public page: name, photo, badge, member since, rating, books on sale and sold. A closed account's page
 * is the tombstone: its name (the tombstone's), its rating and the count of its sales, nothing of the person.
 */
export async function getSellerProfile(db: Db, currency: string, id: string): Promise<SellerProfile> {
  const [person] = await db
    .select({
      id: user.id,
      name: user.name,
      image: user.image,
      verified: user.verified,
      createdAt: user.createdAt,
      closedAt: user.closedAt,
      ...ratingOf(),
    })
    .from(user)
    .where(eq(user.id, id));
  if (!person) throw new AppError('NOT_FOUND', 'There is no seller with this id');
  const closed = person.closedAt !== null;
  const ofSeller = and(isPublic, eq(books.sellerId, id))!;
  const [onSale, [onSaleCount], [sold]] = await Promise.all([
    closed
      ? Promise.resolve([])
      : fromBookView(db).where(ofSeller).orderBy(desc(books.postDate), desc(books.id)).limit(sellerPageBooks),
    closed ? Promise.resolve([{ n: 0 }]) : db.select({ n: count() }).from(books).where(ofSeller),
    db
      .select({ n: count() })
      .from(books)
      .where(and(eq(books.sellerId, id), eq(books.status, 'Sold'))),
  ]);
  const priced = await withGoodPrices(db, onSale);
  return {
    _id: person.id,
    name: person.name,
    image: closed ? null : person.image,
    verified: closed ? false : person.verified,
    closed,
    memberSince: closed ? null : person.createdAt.toISOString(),
    rating: {
      average: person.ratingAverage === null ? null : Number(person.ratingAverage),
      count: person.ratingCount,
    },
    soldCount: sold?.n ?? 0,
    onSale: priced.map((row) => toBook(row, currency)),
    onSaleCount: onSaleCount?.n ?? 0,
  };
}
