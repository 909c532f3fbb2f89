import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { bundleDiscounts } from '#server/db/schema/bundles.ts';
import { books } from '#server/db/schema/catalog.ts';
import { bookingBooks, bookings } from '#server/db/schema/orders.ts';
import { inTransaction, pgConstraint, pgErrorCode, type Tx } from '#server/db/transaction.ts';
import { bookingConfirmedMail, bookingMadeMail } from '#server/features/bookings/bookings.public.ts';
import { sellerBlocked } from '#server/features/conversations/conversations.public.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { type BundleDiscountRule, bundleMinBooks, bundlePrice } from '#shared/bundles.ts';
import { texts } from '#shared/i18n/texts.ts';
import { fromCents, toCents } from '#shared/money.ts';
import { bundleOrderName } from '#shared/order-name.ts';
import type { BundleQuote } from '#shared/schemas/bundle.ts';

/** A seller's bundle discount, or null when they offer none. */
export async function discountOf(db: Db | Tx, sellerId: string): Promise<BundleDiscountRule | null> {
  const [row] = await db
    .select({ percent: bundleDiscounts.percent, minBooks: bundleDiscounts.minBooks })
    .from(bundleDiscounts)
    .where(eq(bundleDiscounts.sellerId, sellerId));
  return row ?? null;
}

/** The seller of every one of these books, or the refusal that fits: a book that does not exist, two sellers. */
async function sellerOfAll(db: Db | Tx, bookIds: string[]) {
  const found = await db
    .select({ id: books.id, sellerId: books.sellerId, sellerName: user.name })
    .from(books)
    .innerJoin(user, eq(user.id, books.sellerId))
    .where(inArray(books.id, bookIds));
  if (found.length < bookIds.length) throw new AppError('NOT_FOUND', texts.bundles.noSuchBook, { field: 'bookIds' });
  const sellers = new Set(found.map((book) => book.sellerId));
  if (sellers.size > 1) throw new AppError('BAD_REQUEST', texts.bundles.oneSeller, { field: 'bookIds' });
  return { id: found[0]!.sellerId, name: found[0]!.sellerName };
}

/**
 * What these books of one seller cost as a bundle now: each book with whether it can still be booked, and the
 * price of those that can (their prices less the seller's discount when they are enough). The buyer is shown this
 * before booking and sends its `total` with the booking, which is refused if the price is no longer that.
 */
export async function quoteBundle(db: Db, currency: string, bookIds: string[]): Promise<BundleQuote> {
  const seller = await sellerOfAll(db, bookIds);
  const rows = await db
    .select({
      id: books.id,
      bookName: books.bookName,
      priceCents: books.resalePriceCents,
      thumbnail: books.thumbnail,
      status: books.status,
      hidden: books.hidden,
    })
    .from(books)
    .where(inArray(books.id, bookIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const inOrder = bookIds.map((id) => byId.get(id)!);
  const available = inOrder.filter((book) => book.status === 'Available' && !book.hidden);
  const discount = await discountOf(db, seller.id);
  const price = bundlePrice(
    available.map((book) => book.priceCents),
    discount,
  );
  return {
    seller,
    discount,
    books: inOrder.map((book) => ({
      _id: book.id,
      bookName: book.bookName,
      price: fromCents(book.priceCents),
      thumbnail: book.thumbnail,
      available: book.status === 'Available' && !book.hidden,
    })),
    subtotal: fromCents(price.subtotalCents),
    discountAmount: fromCents(price.discountCents),
    total: fromCents(price.totalCents),
    currency,
  };
}

export interface NewBundle {
  bookIds: string[];
  buyer: SessionUser;
  contact: string;
  meetingLocation: string;
  /** The total the buyer was shown. */
  total: number;
  holdMs: number;
  maxOpenHolds: number;
  currency: string;
}

/** The refusal naming the books someone else booked first: the one book, or each of them in quotes. */
function notAvailable(names: string[]): string {
  const { one, several } = texts.bundles.notAvailable;
  return names.length === 1
    ? one({ name: names[0]! })
    : several({ names: names.map((name) => `“${name}”`).join(', ') });
}

/**
 * Books several books of one seller as ONE booking (ADR 031): one row in `bookings` (its `book_id` the first book,
 * its price the bundle's total) with a line per book in `booking_books`. In one transaction: the buyer's and the
 * seller's accounts held (key share, as a booking holds them), every book locked in id order (so a booking of one
 * of them, which updates its row, waits for the bundle or goes first and is seen), then all of them are checked
 * Available and unreported, and the bundle is booked only if all are: a book booked elsewhere first refuses the
 * whole bundle with its name (409), and nothing is held. The bundle takes one of the buyer's MAX_OPEN_HOLDS places
 * as any booking does; two of the buyer's bookings made at once that take the same place are told apart by the
 * unique index, and the bundle is tried again. Its hold expiry job and both messages are written with it.
 */
export async function bookBundle(db: Db, input: NewBundle): Promise<string> {
  if (input.bookIds.length < bundleMinBooks) {
    throw new AppError('BAD_REQUEST', texts.bundles.tooFew({ min: bundleMinBooks }), { field: 'bookIds' });
  }
  for (let placesLost = 0; ; placesLost += 1) {
    try {
      return await inTransaction(db, (tx) => bookBundleIn(tx, input));
    } catch (error) {
      const lostPlace = pgErrorCode(error) === '23505' && pgConstraint(error) === 'bookings_open_hold_slot';
      if (!lostPlace) throw error;
      if (placesLost >= input.maxOpenHolds + 2) throw new AppError('CONFLICT', texts.bundles.tryAgain);
    }
  }
}

async function bookBundleIn(tx: Tx, input: NewBundle): Promise<string> {
  const { buyer, bookIds } = input;
  const seller = await sellerOfAll(tx, bookIds);
  if (seller.id === buyer.id) throw new AppError('FORBIDDEN', texts.bundles.ownBooks);
  const accounts = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.id, [buyer.id, seller.id]), isNull(user.closedAt)))
    .orderBy(asc(user.id))
    .for('key share');
  if (!accounts.some((account) => account.id === buyer.id)) {
    throw new AppError('UNAUTHORIZED', 'Your account no longer exists; please sign in again');
  }
  const [blocked] = await tx
    .execute<{ blocked: boolean }>(sql`select ${sellerBlocked(seller.id, buyer.id)} as blocked`)
    .then((result) => result.rows);
  if (blocked?.blocked) throw new AppError('FORBIDDEN', texts.bundles.blocked);

  const locked = await tx
    .select({
      id: books.id,
      sellerId: books.sellerId,
      bookName: books.bookName,
      priceCents: books.resalePriceCents,
      status: books.status,
      hidden: books.hidden,
    })
    .from(books)
    .where(inArray(books.id, bookIds))
    .orderBy(asc(books.id))
    .for('update');
  const byId = new Map(locked.map((book) => [book.id, book]));
  const inOrder = bookIds.map((id) => byId.get(id)!);
  const gone = inOrder.filter(
    (book) => book.status !== 'Available' || book.hidden || book.sellerId !== seller.id || accounts.length < 2,
  );
  if (gone.length > 0) {
    throw new AppError('CONFLICT', notAvailable(gone.map((book) => book.bookName)), { field: 'bookIds' });
  }

  const price = bundlePrice(
    inOrder.map((book) => book.priceCents),
    await discountOf(tx, seller.id),
  );
  if (toCents(input.total) !== price.totalCents) {
    throw new AppError('CONFLICT', texts.bundles.priceChanged, { field: 'total' });
  }

  const holds = await tx
    .select({ slot: bookings.holdSlot })
    .from(bookings)
    .where(and(eq(bookings.buyerId, buyer.id), isNull(bookings.status)));
  const taken = new Set(holds.map((hold) => hold.slot));
  const slot = Array.from({ length: input.maxOpenHolds }, (_, i) => i + 1).find((place) => !taken.has(place));
  if (holds.length >= input.maxOpenHolds || slot === undefined) {
    throw new AppError('CONFLICT', texts.booking.tooManyHolds({ max: input.maxOpenHolds }));
  }

  await tx.update(books).set({ status: 'Booked' }).where(inArray(books.id, bookIds));
  const holdUntil = new Date(Date.now() + input.holdMs);
  // The bundle's mail names it from its books when it is sent, in each recipient's language (ADR 032).
  const order = { bookName: bundleOrderName(inOrder.map((book) => book.bookName)), bundle: { books: inOrder } };
  const [booking] = await tx
    .insert(bookings)
    .values({
      bookId: bookIds[0]!,
      buyerId: buyer.id,
      email: buyer.email,
      bookName: order.bookName,
      priceCents: price.totalCents,
      discountCents: price.discountCents,
      contact: input.contact,
      meetingLocation: input.meetingLocation,
      holdUntil,
      holdSlot: slot,
    })
    .returning({ id: bookings.id });
  const id = booking!.id;
  await tx.insert(bookingBooks).values(
    inOrder.map((book, position) => ({
      bookingId: id,
      bookId: book.id,
      position,
      bookName: book.bookName,
      priceCents: book.priceCents,
      chargedCents: price.chargedCents[position]!,
    })),
  );
  await addJob(tx, 'expire-hold', { bookingId: id }, { runAt: holdUntil, jobKey: `expire-hold:${id}` });
  await queueMail(
    tx,
    bookingMadeMail({
      sellerId: seller.id,
      order,
      buyerName: buyer.name,
      phone: input.contact,
      meetingPlace: input.meetingLocation,
    }),
  );
  await queueMail(
    tx,
    bookingConfirmedMail({
      buyerId: buyer.id,
      order,
      amountCents: price.totalCents,
      currency: input.currency,
      holdUntil,
      meetingPlace: input.meetingLocation,
    }),
  );
  return id;
}
