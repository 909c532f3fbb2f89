import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { stagedJobs } from '#server/db/schema/jobs.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { oneStatement, pgConstraint, pgErrorCode } from '#server/db/transaction.ts';
import { sellerBlocked } from '#server/features/conversations/conversations.public.ts';
import { requestLanguage } from '#server/i18n/request-language.ts';
import { mailQueuedAs } from '#server/mail/outbox.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { texts } from '#shared/i18n/texts.ts';
import { bookingMessages } from './bookings.mail.ts';

// Making a booking: its one statement (ADRs 021, 025, 036), and why it booked nothing when it did not.

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
 * the booking takes the lowest of the buyer's places (1 … MAX_OPEN_HOLDS) that no unpaid booking has: 1, or the one
 * after a place taken, so the buyer's holds are read and not every place up to the limit. Two bookings
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
        select slot from (select 1 as slot union all select slot + 1 from holds where slot is not null) free
        where slot <= ${value('maxOpenHolds')}::int and (select count(*) from holds) < ${value('maxOpenHolds')}::int
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
