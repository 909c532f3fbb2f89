import { and, asc, count, eq, inArray, isNotNull, not, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { paginate } from '#server/db/paginate.ts';
import { bookDrafts } from '#server/db/schema/shelf.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { addBookIn, type ListingDeps, listingsLeft } from '#server/features/books/books.public.ts';
import { findStoredImage, notUploadedBy } from '#server/features/uploads/uploads.public.ts';
import { lockAccount } from '#server/features/users/users.public.ts';
import { authorize } from '#server/policies/policies.ts';
import { waitInWords } from '#shared/durations.ts';
import { texts } from '#shared/i18n/texts.ts';
import { fromCents, toCents } from '#shared/money.ts';
import { addBookSchema } from '#shared/schemas/add-book.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import type { Draft, updateDraftSchema } from '#shared/schemas/shelf.ts';

const m = texts.shelf;
type Row = typeof bookDrafts.$inferSelect;

/** The fields a listing needs that a draft may still lack, in the order the seller goes through them. */
const required = [
  'bookName',
  'condition',
  'resalePrice',
  'originalPrice',
  'image',
  'booksCategory',
  'phone',
  'location',
  'description',
  'purchaseYear',
] as const;

const columnOf = {
  bookName: bookDrafts.bookName,
  condition: bookDrafts.condition,
  resalePrice: bookDrafts.resalePriceCents,
  originalPrice: bookDrafts.originalPriceCents,
  image: bookDrafts.image,
  booksCategory: bookDrafts.booksCategory,
  phone: bookDrafts.phone,
  location: bookDrafts.location,
  description: bookDrafts.description,
  purchaseYear: bookDrafts.purchaseYear,
};

/** A draft with every field a listing needs filled in (checked in full when published). */
const isReady: SQL = and(...required.map((field) => isNotNull(columnOf[field])))!;

function missingOf(row: Row): string[] {
  const value: Record<(typeof required)[number], unknown> = {
    bookName: row.bookName,
    condition: row.condition,
    resalePrice: row.resalePriceCents,
    originalPrice: row.originalPriceCents,
    image: row.image,
    booksCategory: row.booksCategory,
    phone: row.phone,
    location: row.location,
    description: row.description,
    purchaseYear: row.purchaseYear,
  };
  return required.filter((field) => value[field] === null || value[field] === undefined);
}

const price = (cents: number | null) => (cents === null ? null : fromCents(cents));

export function toDraft(row: Row, currency: string): Draft {
  return {
    _id: row.id,
    isbn: row.isbn,
    lookup: row.lookup,
    bookName: row.bookName,
    author: row.author,
    publisher: row.publisher,
    publicationYear: row.publicationYear,
    suggestedCover: row.suggestedCover,
    suggestedPrice: price(row.suggestedPriceCents),
    currency,
    condition: row.condition,
    defects: row.defects,
    originalPrice: price(row.originalPriceCents),
    resalePrice: price(row.resalePriceCents),
    booksCategory: row.booksCategory,
    image: row.image,
    thumbnail: row.thumbnail,
    phone: row.phone,
    location: row.location,
    description: row.description,
    purchaseYear: row.purchaseYear,
    missing: missingOf(row),
  };
}

/** The seller's drafts in the order they were made (the shelf's order), a page at a time. */
export function listDrafts(
  db: Db,
  currency: string,
  seller: SessionUser,
  query: PageQuery & { ready?: 'true' | 'false' | undefined },
) {
  const where = and(
    eq(bookDrafts.sellerId, seller.id),
    query.ready === 'true' ? isReady : query.ready === 'false' ? not(isReady) : undefined,
  );
  return paginate(
    db.select().from(bookDrafts).where(where).orderBy(asc(bookDrafts.seq)),
    db.select({ n: count() }).from(bookDrafts).where(where),
    query,
    (row) => toDraft(row, currency),
  );
}

/**
 * Changes the fields of the seller's draft that `changes` names. Each is checked as the add-a-book form checks it
 * (phone, dates, prices); a photo must be the seller's own upload, as for a listing.
 */
export async function updateDraft(
  db: Db,
  { storage, currency }: Pick<ListingDeps, 'storage' | 'currency'>,
  seller: SessionUser,
  draftId: string,
  changes: z.output<typeof updateDraftSchema>,
): Promise<Draft> {
  const [found] = await db.select().from(bookDrafts).where(eq(bookDrafts.id, draftId));
  if (!found) throw new AppError('NOT_FOUND', m.noDraft);
  authorize(seller, 'draft.edit', found);
  for (const field of ['phone', 'purchaseYear'] as const) {
    const value = changes[field];
    if (value === undefined || value === null) continue;
    const checked = addBookSchema.shape[field].safeParse(value);
    if (!checked.success) throw new AppError('BAD_REQUEST', checked.error.issues[0]!.message, { field });
  }
  let picture: { image: string | null; thumbnail: string | null } | undefined;
  if (changes.image !== undefined) {
    if (changes.image === null) picture = { image: null, thumbnail: null };
    else {
      const [notOwn] = await notUploadedBy(db, seller.id, [changes.image]);
      const stored = notOwn === undefined ? await findStoredImage(storage, changes.image) : null;
      if (!stored) {
        throw new AppError('BAD_REQUEST', 'upload the photo with POST /api/upload and send the URL it answered', {
          field: 'image',
        });
      }
      picture = { image: stored.url, thumbnail: stored.thumbnail };
    }
  }
  const { originalPrice, resalePrice, image: _image, ...rest } = changes;
  const [updated] = await db
    .update(bookDrafts)
    .set({
      ...rest,
      ...(originalPrice !== undefined && {
        originalPriceCents: originalPrice === null ? null : toCents(originalPrice),
      }),
      ...(resalePrice !== undefined && { resalePriceCents: resalePrice === null ? null : toCents(resalePrice) }),
      ...(changes.defects && { defects: addBookSchema.shape.defects.parse(changes.defects) }),
      ...picture,
      updatedAt: new Date(),
    })
    .where(eq(bookDrafts.id, draftId))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', m.noDraft);
  return toDraft(updated, currency);
}

/** Discards the seller's draft (its photo, if any, is left to the orphan-picture cleanup). */
export async function discardDraft(db: Db, seller: SessionUser, draftId: string): Promise<number> {
  const [found] = await db.select({ sellerId: bookDrafts.sellerId }).from(bookDrafts).where(eq(bookDrafts.id, draftId));
  if (!found) throw new AppError('NOT_FOUND', m.noDraft);
  authorize(seller, 'draft.discard', found);
  const removed = await db.delete(bookDrafts).where(eq(bookDrafts.id, draftId)).returning({ id: bookDrafts.id });
  return removed.length;
}

/** The listing a draft makes, as the add-a-book form would send it; checked by the form's own schema. */
function listingOf(row: Row) {
  return addBookSchema.safeParse({
    bookName: row.bookName ?? '',
    author: row.author,
    isbn: row.isbn,
    publisher: row.publisher,
    publicationYear: row.publicationYear,
    defects: row.defects,
    originalPrice: row.originalPriceCents === null ? undefined : fromCents(row.originalPriceCents),
    resalePrice: row.resalePriceCents === null ? undefined : fromCents(row.resalePriceCents),
    condition: row.condition ?? undefined,
    booksCategory: row.booksCategory ?? '',
    phone: row.phone ?? '',
    location: row.location ?? '',
    description: row.description ?? '',
    purchaseYear: row.purchaseYear ?? undefined,
    image: row.image ?? '',
    photos: row.photos.map((photo) => photo.url),
  });
}

/**
 * Publishes the seller's drafts `ids` as listings, all or none, in one transaction: each through `addBookIn`, the
 * add-a-book form's path (its checks, LISTING_LIMIT, the catalogue's caches, search, sitemaps and one Wanted alert
 * per listing), then the drafts go. A batch counts as as many listings as it holds: when LISTING_LIMIT leaves fewer,
 * nothing is published and the 429 says how many can be now. A draft not ready names its missing fields (400).
 */
export async function publishDrafts(db: Db, deps: ListingDeps, seller: SessionUser, ids: string[]) {
  const unique = [...new Set(ids)];
  return inTransaction(db, async (tx) => {
    await lockAccount(tx, seller.id, 'no key update');
    const rows = await tx
      .select()
      .from(bookDrafts)
      .where(inArray(bookDrafts.id, unique))
      .orderBy(asc(bookDrafts.seq))
      .for('update');
    if (rows.length < unique.length) throw new AppError('NOT_FOUND', m.noDraft, { field: 'ids' });
    for (const row of rows) authorize(seller, 'draft.publish', row);
    const listings = rows.map((row) => {
      const parsed = listingOf(row);
      if (!parsed.success) {
        const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
        const named = fields.map((field) => m.fieldNames[field] ?? field).join(', ');
        throw new AppError('BAD_REQUEST', m.notReady({ title: row.bookName ?? m.untitled, fields: named }), {
          field: 'ids',
        });
      }
      return { row, input: parsed.data };
    });
    const { left, waitSeconds } = await listingsLeft(tx, seller.id, deps.listingLimit);
    if (listings.length > left) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        m.limitLeft({ left, asked: listings.length, wait: waitInWords(waitSeconds) }),
        {
          retryAfterSeconds: Math.max(1, waitSeconds),
        },
      );
    }
    const published: { draftId: string; bookId: string }[] = [];
    for (const { row, input } of listings) {
      const book = await addBookIn(tx, deps, seller, input);
      published.push({ draftId: row.id, bookId: book.id });
    }
    await tx.delete(bookDrafts).where(inArray(bookDrafts.id, unique));
    return { published };
  });
}
