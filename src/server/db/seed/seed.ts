import { hashPassword } from 'better-auth/crypto';
import { count } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { account, user } from '#server/db/schema/auth.ts';
import { books, categories } from '#server/db/schema/catalog.ts';
import { payoutAccounts } from '#server/db/schema/payouts.ts';
import { storeDrawnPicture } from '#server/features/uploads/stored-image.ts';
import { recordUpload } from '#server/features/uploads/uploaded-pictures.ts';
import type { Storage } from '#server/storage/storage.ts';
import { toCents } from '#shared/money.ts';
import { drawCover } from './covers.ts';
import { demoCategories, demoSellerLocations } from './demo-catalogue.ts';
import { demoUsers } from './demo-users.ts';

const firstPostDate = Date.parse('2026-10-01T09:00:00Z');

/**
 * Fills a database with no accounts yet with the demo books and one account of each role. The demo accounts'
 * addresses count as confirmed (nobody can open their mail), and making them sends no mail.
 */
export async function seedDemoData(db: Db, storage: Storage, payouts: 'test' | 'stripe' = 'test'): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(user);
  if ((existing?.n ?? 0) > 0) return false;
  const categoryIds = new Map((await db.select().from(categories)).map((row) => [row.name, row.id]));

  // The hashes are made at once (node:crypto's scrypt, on libuv's threads), beside each other.
  const ids = new Map(demoUsers.map((demo) => [demo.email, crypto.randomUUID()]));
  const hashes = await Promise.all(demoUsers.map((demo) => hashPassword(demo.password)));
  await db.insert(user).values(
    demoUsers.map(({ name, email, role, verified }) => ({
      id: ids.get(email)!,
      name,
      email,
      role,
      verified,
      emailVerified: true,
    })),
  );
  await db.insert(account).values(
    demoUsers.map((demo, i) => {
      const id = ids.get(demo.email)!;
      return { id: crypto.randomUUID(), userId: id, accountId: id, providerId: 'credential', password: hashes[i]! };
    }),
  );
  const sellers = demoUsers.filter((u) => u.role === 'Seller').map((u) => ids.get(u.email)!);
  // In test mode Sam Seller gets paid from the start (the published test bank numbers); Nora Newseller sells first
  // and sets up payouts later, as a new seller would (ADR 026).
  if (payouts === 'test') {
    const samId = ids.get('seller@bigbookshelf.test')!;
    await db.insert(payoutAccounts).values({
      sellerId: samId,
      provider: 'test',
      accountId: `acct_test_demo_${samId.slice(0, 8)}`,
      state: 'active',
      bankLast4: '6789',
    });
  }

  // The demo covers are the seed's own drawings, stored as uploads are; all are drawn at once (sharp spreads them
  // over its threads), so that a fresh store answers a few seconds sooner.
  const shelves = demoCategories.flatMap((category) => {
    const categoryId = categoryIds.get(category.name);
    return categoryId ? category.books.map((book) => ({ category, categoryId, book })) : [];
  });
  const rows = await Promise.all(
    shelves.map(async ({ category, categoryId, book }, at) => {
      const place = demoSellerLocations[at % demoSellerLocations.length]!;
      const cover = await storeDrawnPicture(storage, drawCover(book.title, book.author, category.coverColor));
      const sellerId = sellers[at % sellers.length]!;
      // The demo seller's own picture, as an upload of theirs would be: they may list the book again with it.
      await recordUpload(db, sellerId, cover.url);
      return {
        sellerId,
        categoryId,
        bookName: book.title,
        author: book.author,
        isbn: book.isbn ?? null,
        originalPriceCents: toCents(book.originalPrice),
        resalePriceCents: toCents(book.resalePrice),
        condition: book.condition,
        image: cover.url,
        thumbnail: cover.thumbnail,
        phone: place.phone,
        location: place.location,
        description: book.description,
        purchaseYear: book.purchaseDate,
        advertised: book.advertised,
        postDate: new Date(firstPostDate + at * 3_600_000),
      };
    }),
  );
  if (rows.length > 0) await db.insert(books).values(rows);
  return true;
}
