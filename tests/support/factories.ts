import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
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

const day = 86_400_000;

/**
 * `newUser` options of an account whose reports count toward hiding a book: its address confirmed, and made two
 * days ago (REPORT_MIN_ACCOUNT_AGE is a day unless a test sets it), e.g. `t.newUser('Buyer', countingReporter())`.
 */
export const countingReporter = () => ({ emailVerified: true, createdAt: new Date(Date.now() - 2 * day) });

/** Makes an account as if it was created `ageMs` ago (a test's way to let a day pass). */
export async function ageAccount(db: Queryable, userId: string, ageMs: number) {
  await db
    .update(user)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(user.id, userId));
}
