import type { Db } from '#server/db/client.ts';
import { books, categories } from '#server/db/schema/catalog.ts';
import type { Queryable } from '#server/db/transaction.ts';

type NewBook = typeof books.$inferInsert;
let sequence = 0;

export async function createCategory(db: Db, overrides: Partial<typeof categories.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await db
    .insert(categories)
    .values({ name: `Category ${sequence}-${crypto.randomUUID().slice(0, 6)}`, ...overrides })
    .returning();
  return row!;
}

/** A book row with believable defaults; pass `sellerId` and `categoryId`, override anything else. */
export async function createBook(
  db: Queryable,
  overrides: Partial<NewBook> & Pick<NewBook, 'sellerId' | 'categoryId'>,
) {
  sequence += 1;
  const [row] = await db
    .insert(books)
    .values({
      bookName: `Test Book ${sequence}`,
      originalPriceCents: 2000,
      resalePriceCents: 1000,
      condition: 'Good',
      image: '/images/test.webp',
      thumbnail: '/images/test-400.webp',
      phone: '+1 415 555 0100',
      location: 'Test Street',
      description: 'A test copy.',
      purchaseYear: '2024-05-01',
      ...overrides,
    })
    .returning();
  return row!;
}

/** The books no public page shows, one of each kind: Sold, Removed, and hidden after reports. */
export async function createOffSaleBooks(db: Queryable, owner: Pick<NewBook, 'sellerId' | 'categoryId'>) {
  return {
    sold: await createBook(db, { ...owner, status: 'Sold' }),
    removed: await createBook(db, { ...owner, status: 'Removed' }),
    hidden: await createBook(db, { ...owner, reported: true, hidden: true }),
  };
}
