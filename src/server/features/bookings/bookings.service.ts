import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { paginate } from '#server/db/paginate.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { stagedJobs } from '#server/db/schema/jobs.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { inTransaction, oneStatement, pgConstraint, pgErrorCode } from '#server/db/transaction.ts';
import { sellerBlocked } from '#server/features/conversations/conversations.public.ts';
import { requestLanguage } from '#server/i18n/request-language.ts';
import { mailQueuedAs } from '#server/mail/outbox.ts';
import type { PaymentProvider } from '#server/payments/provider.ts';
import type { BookingStatus } from '#shared/constants.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { texts } from '#shared/i18n/texts.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import { lockBooking, lockBookOf } from './booking-lifecycle.ts';
import { type BookingRow, fromBookingView, toBookingItem, withBundles } from './booking-view.ts';
import { bookingMessages } from './bookings.mail.ts';
import { requireOwnOrder } from './own-order.ts';

export interface NewBooking {
  bookId: string;
  buyer: SessionUser;
  contact: string;
  meetingLocation: string;
  /** How long the booking holds the book unpaid (BOOKING_HOLD). */
  holdMs: number;
  /** How many unpaid bookings the buyer may hold at once (MAX_OPEN_HOLDS). */
  maxOpenHolds: number;
  currency: string;
}

/** The booking took a place of the buyer's that a booking made at the same time took first. */
const slotTaken = Symbol('slot taken');

/**
 * Books a book, in one statement (one round trip, its own transaction, ADR 021): the buyer's and the seller's
 * accounts are held (as lockAccount does, before the book, so closing either account waits for the booking or goes
 * first and is seen, and cannot deadlock with it), the conditional update lets exactly one of many racing buyers
 * move the book from Available to Booked, the booking row takes the name and price from the book and the buyer from
 * the session, and the job that ends the hold and the seller's and the buyer's messages are queued with it, their
 * seller, book name and price those of the row booked. A second live booking of the book breaks the unique index
 * and undoes the whole statement.
 *
 * The buyer holds at most MAX_OPEN_HOLDS unpaid bookings: the statement books only while the buyer has fewer, and
 * the booking takes the lowest of the buyer's places (1 … MAX_OPEN_HOLDS) that no unpaid booking has. Two bookings
 * of one buyer made at once can both see the same place free; the unique index on (buyer, place) lets one have
 * it and undoes the other, which is tried again and then sees the place taken (ADR 025).
 */
export async function bookBook(db: Db, input: NewBooking): Promise<string> {
  // Each retry after a lost place follows a booking that took one: at most MAX_OPEN_HOLDS of them fill the places.
  for (let placesLost = 0; placesLost <= input.maxOpenHolds + 2; placesLost += 1) {
    const booked = await bookIfBookable(db, input);
    if (booked === null) throw await whyNotBookable(db, input);
    if (booked !== slotTaken) return booked;
  }
  throw new AppError('CONFLICT', 'Your other bookings were being made at the same time; please try again');
}

/** The values of a booking's statement (`bookOne`). */
type BookingValues = {
  bookId: string;
  buyerId: string;
  buyerEmail: string;
  buyerName: string;
  contact: string;
  meetingPlace: string;
  holdUntil: string;
  maxOpenHolds: number;
  currency: string;
  language: Locale | null;
};

const value = (name: keyof BookingValues) => sql.placeholder(name);

const { toSeller, toBuyer } = bookingMessages({
  sellerId: sql`(select seller_id from booked)`,
  bookName: sql`(select book_name from booked)`,
  priceCents: sql`(select resale_price_cents from booked)`,
  buyerId: sql`${value('buyerId')}::text`,
  buyerName: sql`${value('buyerName')}::text`,
  phone: sql`${value('contact')}::text`,
  meetingPlace: sql`${value('meetingPlace')}::text`,
  currency: sql`${value('currency')}::text`,
  holdUntil: sql`${value('holdUntil')}::text`,
});

/** The seller's and the buyer's messages, queued by the statement when it books. */
const messagesQueued = mailQueuedAs(
  { told_seller: toSeller, told_buyer: toBuyer },
  sql`exists (select 1 from inserted)`,
  value('language'),
);

/**
 * The statement of a booking. The buyer's holds are found by `(select $buyerId)`, a value PostgreSQL does not see
 * when it plans: their estimate is then the same for every buyer, and PostgreSQL keeps one plan for the statement
 * instead of planning it again at each call for a buyer with many holds (0.6–0.9 ms a booking; ADR 036).
 */
const bookOne = oneStatement<{ id: string }, BookingValues>(
  'book-book',
  sql`
      with book as (
        select ${books.sellerId} as seller_id from ${books} where ${books.id} = ${value('bookId')}
      ), accounts as (
        select 1 from ${user}
        where ${user.id} in (${value('buyerId')}, (select seller_id from book)) and ${user.closedAt} is null
        order by ${user.id} for key share
      ), holds as (
        select ${bookings.holdSlot} as slot from ${bookings}
        where ${bookings.buyerId} = (select ${value('buyerId')}::text) and ${bookings.status} is null
      ), place as (
        select slot from generate_series(1, ${value('maxOpenHolds')}::int) as slot
        where (select count(*) from holds) < ${value('maxOpenHolds')}::int
          and slot not in (select slot from holds where slot is not null)
        order by slot limit 1
      ), booked as (
        update ${books} set status = 'Booked'
        where ${books.id} = ${value('bookId')} and ${books.status} = 'Available' and not ${books.hidden}
          and ${books.sellerId} <> ${value('buyerId')}
          and (select count(*) from accounts) = 2
          and exists (select 1 from place)
          and not ${sellerBlocked(books.sellerId, value('buyerId'))}
        returning ${books.id}, ${books.sellerId}, ${books.bookName}, ${books.resalePriceCents}
      ), inserted as (
        insert into ${bookings} (book_id, buyer_id, email, book_name, price_cents, contact, meeting_location, hold_until,
          hold_slot)
        select id, ${value('buyerId')}, ${value('buyerEmail')}, book_name, resale_price_cents, ${value('contact')},
          ${value('meetingPlace')}, ${value('holdUntil')}::timestamptz, (select slot from place)
        from booked
        returning id, hold_until
      ), staged as (
        insert into ${stagedJobs} (task, payload, run_at, job_key)
        select 'expire-hold', json_build_object('bookingId', id), hold_until, 'expire-hold:' || id from inserted
      ), ${messagesQueued}
      select id from inserted`,
);

async function bookIfBookable(db: Db, input: NewBooking): Promise<string | typeof slotTaken | null> {
  const { buyer } = input;
  try {
    const { rows } = await bookOne(db, {
      bookId: input.bookId,
      buyerId: buyer.id,
      buyerEmail: buyer.email,
      buyerName: buyer.name,
      contact: input.contact,
      meetingPlace: input.meetingLocation,
      holdUntil: new Date(Date.now() + input.holdMs).toISOString(),
      maxOpenHolds: input.maxOpenHolds,
      currency: input.currency,
      language: requestLanguage(),
    });
    return rows[0]?.id ?? null;
  } catch (error) {
    if (pgErrorCode(error) !== '23505') throw error;
    return pgConstraint(error) === 'bookings_open_hold_slot' ? slotTaken : null;
  }
}

/** Why a booking changed nothing, read after the fact. */
async function whyNotBookable(db: Db, { bookId, buyer, maxOpenHolds }: NewBooking): Promise<AppError> {
  const buyerId = buyer.id;
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, buyerId), isNull(user.closedAt)));
  if (!account) return new AppError('UNAUTHORIZED', 'Your account no longer exists; please sign in again');
  const [book] = await db
    .select({ sellerId: books.sellerId, status: books.status, hidden: books.hidden })
    .from(books)
    .where(eq(books.id, bookId));
  if (!book) return new AppError('NOT_FOUND', 'No book with this id');
  if (book.sellerId === buyerId) return new AppError('FORBIDDEN', 'You cannot book your own book');
  if (book.status === 'Removed') return new AppError('CONFLICT', 'This book is no longer listed');
  const [blocked] = await db
    .execute<{ blocked: boolean }>(sql`select ${sellerBlocked(book.sellerId, buyerId)} as blocked`)
    .then((result) => result.rows);
  if (blocked?.blocked)
    return new AppError('FORBIDDEN', 'The seller of this book has blocked you, so you cannot book it');
  const [held] = await db
    .select({ buyerId: bookings.buyerId })
    .from(bookings)
    .where(and(eq(bookings.bookId, bookId), isNull(bookings.status)));
  if (held && held.buyerId === buyerId) {
    return new AppError('CONFLICT', 'You have already booked this book; find it in My Orders');
  }
  if (book.status === 'Sold') return new AppError('CONFLICT', 'This book is already sold');
  if (book.hidden) {
    return new AppError('CONFLICT', 'This book was reported and cannot be booked until an admin reviews it');
  }
  const [holds] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.buyerId, buyerId), isNull(bookings.status)));
  if ((holds?.n ?? 0) >= maxOpenHolds)
    return new AppError('CONFLICT', texts.booking.tooManyHolds({ max: maxOpenHolds }));
  // Booked, or Available again because the booking that beat this one ended meanwhile.
  return new AppError('CONFLICT', 'Someone booked this book first');
}

/** Who reads bookings (their id), in which currency, and HANDOVER_PERIOD. */
export interface BookingViewer {
  id: string;
  currency: string;
  handoverMs: number;
}

/** The bookings of the user with this email (none if there is no such user), newest first. */
export async function listBookingsOf(db: Db, view: BookingViewer, email: string, page: PageQuery) {
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  if (!owner) return { items: [], total: 0 };
  const mine = eq(bookings.buyerId, owner.id);
  const rows: BookingRow[] = [];
  const found = await paginate(
    fromBookingView(db).where(mine).orderBy(desc(bookings.createdAt), desc(bookings.id)),
    db.select({ n: count() }).from(bookings).where(mine),
    page,
    (row) => {
      rows.push(row);
      return toBookingItem(row, view.currency, view);
    },
  );
  return { ...found, items: await withBundles(db, rows, found.items) };
}

/** One booking, for its buyer only. */
export async function getOwnBooking(db: Db, view: BookingViewer, bookingId: string) {
  const [row] = await fromBookingView(db).where(eq(bookings.id, bookingId));
  const own = requireOwnOrder(row, view, 'order.read');
  const [item] = await withBundles(db, [own], [toBookingItem(own, view.currency, view)]);
  return item!;
}

const paymentUnderWay = 'A payment for this order is under way, so it cannot be deleted; refresh My Orders in a minute';

/**
 * Deletes the buyer's own order that no money is tied to: one awaiting payment (the book goes back on sale in
 * the same transaction) or one that ended unpaid. Its payment intent, if any, is cancelled at the provider
 * first; if the card was charged meanwhile the order stays (409) and the charge is recorded as its payment.
 */
export async function deleteOwnBooking(
  db: Db,
  provider: PaymentProvider,
  bookingId: string,
  buyerId: string,
): Promise<number> {
  const checked = await inTransaction(db, async (tx) => checkDeletable(await lockBooking(tx, bookingId), buyerId));
  if (checked.intentId) {
    const intent = await provider.cancelIntent(checked.intentId);
    if (intent.status !== 'canceled') throw new AppError('CONFLICT', paymentUnderWay);
  }
  return inTransaction(db, async (tx) => {
    const booking = checkDeletable(await lockBooking(tx, bookingId), buyerId);
    // A payment started between the cancel and this transaction.
    if (booking.intentId && booking.intentId !== checked.intentId) throw new AppError('CONFLICT', paymentUnderWay);
    const { bookIds } = await lockBookOf(tx, booking);
    await tx.delete(bookings).where(eq(bookings.id, booking.id));
    if (booking.status === null) {
      await tx
        .update(books)
        .set({ status: 'Available' })
        .where(and(inArray(books.id, bookIds), eq(books.status, 'Booked')));
    }
    return 1;
  });
}

/** Why an order cannot be deleted, by its status: money is tied to it. */
const undeletable: Partial<Record<BookingStatus, string>> = {
  Paid: 'This order is paid, so it cannot be deleted',
  Refunded: 'This order was refunded; it stays in My Orders as the record of the refund',
};

function checkDeletable(locked: Awaited<ReturnType<typeof lockBooking>>, buyerId: string) {
  const booking = requireOwnOrder(locked, { id: buyerId }, 'order.delete');
  const refusal = booking.status && undeletable[booking.status];
  if (refusal) throw new AppError('CONFLICT', refusal);
  return booking;
}

/** Whether the caller has a booking of this book in `state`: its status (null while it awaits payment) and the book's. */
export async function hasBookingIn(
  db: Db,
  bookId: string,
  buyerId: string,
  state: { booking: 'Paid' | null; book: 'Booked' | 'Sold' },
): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(books, eq(books.id, bookings.bookId))
    .where(
      and(
        eq(bookings.bookId, bookId),
        eq(bookings.buyerId, buyerId),
        state.booking === null ? isNull(bookings.status) : eq(bookings.status, state.booking),
        eq(books.status, state.book),
      ),
    );
  return Boolean(row);
}

/** Whether the caller holds a booking of this book that awaits payment (the book is then Booked). */
export const isBookedBy = (db: Db, bookId: string, buyerId: string) =>
  hasBookingIn(db, bookId, buyerId, { booking: null, book: 'Booked' });

/** Whether the book is on sale again (no one holds a booking of it). */
export async function isAvailable(db: Db, bookId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.status, 'Available')));
  return Boolean(row);
}
