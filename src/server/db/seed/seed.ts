import { hashPassword } from 'better-auth/crypto';
import { count } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { account, user } from '#server/db/schema/auth.ts';
import { books, categories } from '#server/db/schema/catalog.ts';
import { payoutAccounts } from '#server/db/schema/payouts.ts';
import { type StoredImage, storeDrawnPicture } from '#server/features/uploads/stored-image.ts';
import { recordUpload } from '#server/features/uploads/uploaded-pictures.ts';
import type { Storage } from '#server/storage/storage.ts';
import { toCents } from '#shared/money.ts';
import { drawCover } from './covers.ts';
import { demoCategories, demoSellerLocations } from './demo-catalogue.ts';
import { demoUsers } from './demo-users.ts';

const firstPostDate = Date.parse('2026-10-01T09:00:00Z');

/** Every demo book with its category, in the catalogue's order. */
const demoShelf = demoCategories.flatMap((category) => category.books.map((book) => ({ category, book })));

/**
 * The demo books' covers, in `demoShelf`'s order: the seed's own drawings, stored as uploads are, all drawn at once
 * (sharp spreads them over its threads). A server starting on a fresh embedded database calls it before PostgreSQL
 * has initialised, so that the drawing and the database's start take their time side by side (server.ts).
 */
export function drawDemoCovers(storage: Storage): Promise<StoredImage[]> {
  return Promise.all(
    demoShelf.map(({ category, book }) =>
      storeDrawnPicture(storage, drawCover(book.title, book.author, category.coverColor)),
    ),
  );
}

/**
 * Fills a database with no accounts yet with the demo books and one account of each role. The demo accounts'
 * addresses count as confirmed (nobody can open their mail), and making them sends no mail.
 */
export async function seedDemoData(
  db: Db,
  storage: Storage,
  payouts: 'test' | 'stripe' = 'test',
  drawnCovers?: Promise<StoredImage[]>,
): Promise<boolean> {
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

  const covers = await (drawnCovers ?? drawDemoCovers(storage));
  const shelves = demoShelf.flatMap(({ category, book }, drawn) => {
    const categoryId = categoryIds.get(category.name);
    return categoryId ? [{ categoryId, book, cover: covers[drawn]! }] : [];
  });
  const rows = await Promise.all(
    shelves.map(async ({ categoryId, book, cover }, at) => {
      const place = demoSellerLocations[at % demoSellerLocations.length]!;
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
