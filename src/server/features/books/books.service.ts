import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { paginate } from '#server/db/paginate.ts';
import { user } from '#server/db/schema/auth.ts';
import { type BookPhoto, books, categories } from '#server/db/schema/catalog.ts';
import { handovers } from '#server/db/schema/handovers.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import type { ListingRule } from '#server/env.ts';
import {
  bookingHoldsBook,
  bundlesOf,
  handoverColumns,
  toSellerHandover,
} from '#server/features/bookings/bookings.public.ts';
import {
  deletePicturesLater,
  findStoredImage,
  holdPictures,
  notUploadedBy,
  picturesOfBook,
} from '#server/features/uploads/uploads.public.ts';
import { lockAccount } from '#server/features/users/users.public.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { authorize } from '#server/policies/policies.ts';
import type { Storage } from '#server/storage/storage.ts';
import { toCents } from '#shared/money.ts';
import type { addBookSchema, editBookSchema } from '#shared/schemas/add-book.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import { fromBookView, toBook, withGoodPrices, withGoodPricesPaged } from './book-view.ts';
import { checkListingLimit } from './listing-limit.ts';

type NewBook = z.output<typeof addBookSchema>;
type EditedBook = z.output<typeof editBookSchema>;

const notUploaded = 'upload the photo with POST /api/upload and send the URL it answered';

/** What adding a book needs besides the database: the pictures' storage, the currency and LISTING_LIMIT. */
export interface ListingDeps {
  storage: Storage;
  currency: string;
  listingLimit: readonly ListingRule[];
}

/**
 * Lists a new book of `seller`: Available, posted now, with photos its seller uploaded (the cover first), within
 * LISTING_LIMIT (checked under the seller's account lock, so listings sent at once are counted one by one).
 */
export async function addBook(db: Db, deps: ListingDeps, seller: SessionUser, input: NewBook) {
  const created = await inTransaction(db, (tx) => addBookIn(tx, deps, seller, input));
  const [row] = await withGoodPrices(db, await fromBookView(db).where(eq(books.id, created.id)));
  return toBook(row!, deps.currency, { contact: true });
}

/**
 * `addBook`'s work in the caller's transaction: the one way a listing is made, whether from the add-a-book form or a
 * published draft (features/shelf), so both are checked, counted and announced (Wanted alerts) alike.
 */
export async function addBookIn(tx: Tx, deps: ListingDeps, seller: SessionUser, input: NewBook) {
  const { storage } = deps;
  await lockAccount(tx, seller.id, 'no key update');
  await checkListingLimit(tx, seller.id, deps.listingLimit);
  // Until the commit, so that no deletion of an unused picture comes between this check and the insert.
  await holdPictures(tx, [input.image, ...input.photos]);
  const [notOwn] = await notUploadedBy(tx, seller.id, [input.image, ...input.photos]);
  if (notOwn !== undefined) {
    throw new AppError('BAD_REQUEST', notUploaded, { field: notOwn === 0 ? 'image' : `photos.${notOwn - 1}` });
  }
  const image = await findStoredImage(storage, input.image);
  if (!image) throw new AppError('BAD_REQUEST', notUploaded, { field: 'image' });
  const photos = await Promise.all(input.photos.map((url) => findStoredImage(storage, url)));
  const missing = photos.indexOf(null);
  if (missing !== -1) throw new AppError('BAD_REQUEST', notUploaded, { field: `photos.${missing}` });
  const categoryId = await categoryNamed(tx, input.booksCategory);
  const [inserted] = await tx
    .insert(books)
    .values({
      ...typedFields(input),
      sellerId: seller.id,
      categoryId,
      image: image.url,
      thumbnail: image.thumbnail,
      photos: photos.filter((photo) => photo !== null),
    })
    .returning({ id: books.id });
  await addJob(tx, 'alert-wanted', { bookId: inserted!.id });
  return inserted!;
}

/** The listing's fields as a seller types them, for an insert or an update of `books`. */
function typedFields(input: NewBook) {
  return {
    bookName: input.bookName,
    author: input.author,
    isbn: input.isbn,
    publisher: input.publisher,
    publicationYear: input.publicationYear,
    defects: input.defects,
    originalPriceCents: toCents(input.originalPrice),
    resalePriceCents: toCents(input.resalePrice),
    condition: input.condition,
    phone: input.phone,
    location: input.location,
    description: input.description,
    purchaseYear: input.purchaseYear,
  };
}

async function categoryNamed(tx: Tx, name: string): Promise<string> {
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.name, name));
  if (!category) throw new AppError('BAD_REQUEST', `there is no category named "${name}"`, { field: 'booksCategory' });
  return category.id;
}

export const editConflict =
  'This listing was changed since you opened it (in another tab or window). Reload it to see the changes, then make your edit again.';

/**
 * Edits the seller's own Available, unreported book: every field again, and its photos as sent (the cover first):
 * ones it had stay, new ones must be pictures this seller uploaded, and the ones left out are deleted after the
 * commit unless something else uses them. `input.version` must be the book's version (409 otherwise: another edit
 * came first); the edit grows it by one. Search, the cached lists and the sitemaps follow the row.
 */
export async function editBook(db: Db, deps: ListingDeps, bookId: string, seller: SessionUser, input: EditedBook) {
  await inTransaction(db, async (tx) => {
    const [book] = await tx
      .select({
        sellerId: books.sellerId,
        status: books.status,
        reported: books.reported,
        version: books.version,
        image: books.image,
        thumbnail: books.thumbnail,
        photos: books.photos,
      })
      .from(books)
      .where(eq(books.id, bookId))
      .for('update');
    if (!book || book.status === 'Removed') throw new AppError('NOT_FOUND', 'There is no book with this id');
    authorize(seller, 'book.edit', book);
    if (book.status !== 'Available') {
      throw new AppError('CONFLICT', `This book is ${book.status}; only available books can be edited`);
    }
    if (book.reported) {
      throw new AppError('CONFLICT', 'This book was reported, so it cannot be edited until an admin reviews it');
    }
    if (book.version !== input.version) throw new AppError('CONFLICT', editConflict, { field: 'version' });

    const had = new Map([{ url: book.image, thumbnail: book.thumbnail }, ...book.photos].map((p) => [p.url, p]));
    const sent = [input.image, ...input.photos];
    const fieldOf = (i: number) => (i === 0 ? 'image' : `photos.${i - 1}`);
    const fresh = sent.flatMap((url, i) => (had.has(url) ? [] : [{ url, i }]));
    await holdPictures(
      tx,
      fresh.map((p) => p.url),
    );
    const [notOwn] = await notUploadedBy(
      tx,
      seller.id,
      fresh.map((p) => p.url),
    );
    if (notOwn !== undefined) throw new AppError('BAD_REQUEST', notUploaded, { field: fieldOf(fresh[notOwn]!.i) });
    const pictures = await Promise.all(sent.map(async (url) => had.get(url) ?? findStoredImage(deps.storage, url)));
    const missing = pictures.indexOf(null);
    if (missing !== -1) throw new AppError('BAD_REQUEST', notUploaded, { field: fieldOf(missing) });
    const [cover, ...photos] = pictures as BookPhoto[];

    await tx
      .update(books)
      .set({
        ...typedFields(input),
        categoryId: await categoryNamed(tx, input.booksCategory),
        image: cover!.url,
        thumbnail: cover!.thumbnail,
        photos,
        version: sql`${books.version} + 1`,
        editedAt: sql`now()`,
      })
      .where(eq(books.id, bookId));
    const kept = new Set(sent);
    await deletePicturesLater(
      tx,
      [...had.values()].filter((p) => !kept.has(p.url)).flatMap((p) => [p.url, p.thumbnail]),
    );
  });
  const [row] = await withGoodPrices(db, await fromBookView(db).where(eq(books.id, bookId)));
  return toBook(row!, deps.currency, { contact: true });
}

const buyer = alias(user, 'buyer');

/**
 * A seller's own listings (Available, Booked or Sold), newest first, each with its booking when it has one
 * that awaits payment or is paid: who booked it, their phone number and meeting place.
 */
export async function listSellerBooks(db: Db, currency: string, email: string, page: PageQuery) {
  const ofSeller = and(eq(sql`lower(${user.email})`, email.toLowerCase()), ne(books.status, 'Removed'));
  const found = await paginate(
    withGoodPricesPaged(
      db,
      fromBookView(db, {
        booking: {
          id: bookings.id,
          buyerId: bookings.buyerId,
          buyerName: buyer.name,
          contact: bookings.contact,
          meetingLocation: bookings.meetingLocation,
          holdUntil: bookings.holdUntil,
          status: bookings.status,
          handoverState: handoverColumns.handoverState,
          handoverWrongTries: handovers.wrongTries,
          discountCents: bookings.discountCents,
        },
      })
        .leftJoin(
          bookings,
          and(bookingHoldsBook(books.id), sql`(${bookings.status} is null or ${bookings.status} = 'Paid')`),
        )
        .leftJoin(handovers, eq(handovers.bookingId, bookings.id))
        .leftJoin(buyer, eq(buyer.id, bookings.buyerId))
        .where(ofSeller)
        .orderBy(desc(books.postDate), desc(books.id)),
    ),
    db.select({ n: count() }).from(books).innerJoin(user, eq(user.id, books.sellerId)).where(ofSeller),
    page,
    ({ booking, ...row }) => ({
      ...toBook(row, currency, { contact: true }),
      booking: booking?.id
        ? {
            _id: booking.id,
            buyerId: booking.buyerId ?? null,
            buyerName: booking.buyerName ?? '',
            contact: booking.contact!,
            meetinglocation: booking.meetingLocation!,
            holdUntil: booking.holdUntil!.toISOString(),
            status: booking.status === 'Paid' ? ('Paid' as const) : null,
            handover: toSellerHandover(booking),
            discountCents: booking.discountCents!,
          }
        : null,
    }),
  );
  // A bundle's books each show its booking, with the bundle's books (ADR 031).
  const orders = found.items.flatMap((book) => (book.booking ? [{ id: book.booking._id, ...book.booking }] : []));
  const bundles = await bundlesOf(db, orders);
  return {
    ...found,
    items: found.items.map((book) => {
      if (!book.booking) return { ...book, booking: null };
      const { discountCents: _, ...booking } = book.booking;
      const ofBundle = bundles.get(booking._id);
      return {
        ...book,
        booking: { ...booking, bundle: ofBundle?.bundle ?? null, bundleLeadBookId: ofBundle?.leadBookId ?? null },
      };
    }),
  };
}

/** Locks the seller's book for a change only allowed while it is Available and unreported. */
async function lockOwnListedBook(tx: Tx, bookId: string, seller: SessionUser, action: 'advertise' | 'delete') {
  const [book] = await tx
    .select({ sellerId: books.sellerId, status: books.status, reported: books.reported, advertised: books.advertised })
    .from(books)
    .where(eq(books.id, bookId))
    .for('update');
  if (!book || book.status === 'Removed') throw new AppError('NOT_FOUND', 'There is no book with this id');
  authorize(seller, action === 'advertise' ? 'book.advertise' : 'book.delete', book);
  if (book.reported) {
    throw new AppError('CONFLICT', `This book was reported, so it cannot be ${action}d until an admin reviews it`);
  }
  if (book.status !== 'Available') {
    throw new AppError('CONFLICT', `This book is ${book.status}; only available books can be ${action}d`);
  }
  return book;
}

/** Advertises the seller's own Available, unreported book; advertising it again changes nothing. */
export function advertiseBook(db: Db, bookId: string, seller: SessionUser) {
  return inTransaction(db, async (tx) => {
    const book = await lockOwnListedBook(tx, bookId, seller, 'advertise');
    if (book.advertised) return { acknowledged: true, modifiedCount: 0 };
    await tx.update(books).set({ advertised: true }).where(eq(books.id, bookId));
    return { acknowledged: true, modifiedCount: 1 };
  });
}

/**
 * Deletes the seller's own Available, unreported book: it leaves the store for good, kept as Removed for the
 * ended orders that refer to it; its pictures are deleted after the commit unless something else uses them.
 */
export function deleteBook(db: Db, bookId: string, seller: SessionUser) {
  return inTransaction(db, async (tx) => {
    await lockOwnListedBook(tx, bookId, seller, 'delete');
    const [removed] = await tx
      .update(books)
      .set({ status: 'Removed', advertised: false })
      .where(eq(books.id, bookId))
      .returning({ image: books.image, thumbnail: books.thumbnail, photos: books.photos });
    await deletePicturesLater(tx, picturesOfBook(removed!));
    return { acknowledged: true, deletedCount: 1 };
  });
}

/**
 * The compatibility second call of a deletion (`DELETE /booking/books/{id}`): `DELETE /books/{id}` already
 * removed the book with its bookings, so this changes nothing. It answers as if it had deleted exactly when
 * that state holds: the book is gone. A book still listed is the caller's to keep (0) or someone else's (403).
 */
export async function confirmBookDeleted(db: Db, bookId: string, seller: SessionUser) {
  const [book] = await db
    .select({ sellerId: books.sellerId, status: books.status })
    .from(books)
    .where(eq(books.id, bookId));
  if (!book || book.status === 'Removed') return { acknowledged: true, deletedCount: 1 };
  authorize(seller, 'book.delete', book);
  return { acknowledged: true, deletedCount: 0 };
}
