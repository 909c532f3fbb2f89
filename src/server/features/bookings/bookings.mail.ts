import type { SQL } from 'drizzle-orm';
import { defineMail } from '#server/mail/define-mail.ts';
import { aboutBook, type MailMessage, type MailWords, mailTime, money, words } from '#server/mail/mail-message.ts';
import type { MessageInStatement, StatementData } from '#server/mail/outbox.ts';
import { texts } from '#shared/i18n/texts.ts';
import { type OrderNaming, orderName, orderNamingOf } from '#shared/order-name.ts';

// Orders (kind `orders`): the booking's messages, and the frame of every message about an order. Their words are
// the catalogue's `mailTexts.bookings` (shared/texts/mail.ts), written when a message is sent. A message about an
// order carries what names it (`OrderNaming`), so that a bundle is named in its recipient's language of that
// moment; a message queued before bundles were named so carries no `bundle`, and its `bookName` names it.

export const myBooks = '/dashboard/myProducts';
export const myOrders = '/dashboard/wishList';

/** What an order costs, in minor units. */
export type Price = {
  amountCents: number;
  currency: string;
};

export const amountRow = (p: Price): [string, string] => [
  texts.mailTexts.bookings.booking.amount,
  money(p.amountCents, p.currency),
];

/**
 * The words of a message to the buyer or the seller of an order: the text about its book, a button to their
 * orders or books, and the details, the order's name first.
 */
export function orderMail(
  said: {
    subject: (values: { book: string }) => string;
    lines: (values: { book: string }) => readonly string[];
    button: string;
  },
  order: OrderNaming,
  href: string,
  details: [string, string][],
): MailWords {
  const name = orderName(order);
  return words(aboutBook(said, name), { href, label: said.button }, [
    [texts.mailTexts.bookings.booking.book, name],
    ...details,
  ]);
}

type BookingMade = OrderNaming & { buyerName: string; phone: string; meetingPlace: string };

const bookingMade = defineMail('booking-made', 'orders', (d: BookingMade) => {
  const t = texts.mailTexts.bookings;
  return orderMail(t.bookingMade, d, myBooks, [
    [t.booking.buyer, d.buyerName],
    [t.booking.phone, d.phone],
    [t.booking.meetingPlace, d.meetingPlace || t.booking.noMeetingPlace],
  ]);
});

/** To the seller: their book was booked, with whom to meet. */
export function bookingMadeMail(p: {
  sellerId: string;
  order: OrderNaming;
  buyerName: string;
  phone: string;
  meetingPlace: string;
}): MailMessage {
  const { sellerId, order, ...data } = p;
  return { ...bookingMade.message({ ...orderNamingOf(order), ...data }), userId: sellerId };
}

type BookingConfirmed = Price & OrderNaming & { holdUntil: string; meetingPlace: string };

const bookingConfirmed = defineMail('booking-confirmed', 'orders', (d: BookingConfirmed) => {
  const t = texts.mailTexts.bookings;
  return orderMail(t.bookingConfirmed, d, myOrders, [
    amountRow(d),
    [t.booking.payBy, mailTime(new Date(d.holdUntil))],
    [t.booking.meetingPlace, d.meetingPlace || t.booking.noMeetingPlace],
  ]);
});

/** To the buyer: their booking, what it costs, and until when it holds the book. */
export function bookingConfirmedMail(
  p: Price & { buyerId: string; order: OrderNaming; holdUntil: Date; meetingPlace: string },
): MailMessage {
  const { buyerId, order, holdUntil, ...data } = p;
  const named = { ...orderNamingOf(order), ...data, holdUntil: holdUntil.toISOString() };
  return { ...bookingConfirmed.message(named), userId: buyerId };
}

/**
 * A booking as its statement makes it, each part an expression of that statement: the seller, the book's name and
 * its price those of the row it booked, the rest the statement's values.
 */
export interface BookingInStatement {
  sellerId: SQL;
  bookName: SQL;
  priceCents: SQL;
  buyerId: SQL;
  buyerName: SQL;
  phone: SQL;
  meetingPlace: SQL;
  currency: SQL;
  /** ISO 8601. */
  holdUntil: SQL;
}

/**
 * The seller's and the buyer's messages of the booking of one book, as its statement queues them (`bookBook`): the
 * seller, the book's name and its price are those of the row it booked, so a message names what was booked.
 */
export function bookingMessages(b: BookingInStatement): { toSeller: MessageInStatement; toBuyer: MessageInStatement } {
  const order = { bookName: b.bookName, bundle: null };
  const toSeller: StatementData<BookingMade> = {
    ...order,
    buyerName: b.buyerName,
    phone: b.phone,
    meetingPlace: b.meetingPlace,
  };
  const toBuyer: StatementData<BookingConfirmed> = {
    ...order,
    amountCents: b.priceCents,
    currency: b.currency,
    holdUntil: b.holdUntil,
    meetingPlace: b.meetingPlace,
  };
  return {
    toSeller: { template: bookingMade.template, kind: bookingMade.kind, userId: b.sellerId, data: toSeller },
    toBuyer: { template: bookingConfirmed.template, kind: bookingConfirmed.kind, userId: b.buyerId, data: toBuyer },
  };
}

export type BookingOutcome = 'Cancelled' | 'Expired' | 'Refunded';
const outcomes: BookingOutcome[] = ['Cancelled', 'Expired', 'Refunded'];

type BookingEnded = OrderNaming & {
  /** Why the seller, an admin or the store cancelled it. */
  reason: string | null;
  /** The refunded amount (`Refunded`). */
  amountCents: number | null;
  currency: string | null;
};

/** One template for each end and each side: `booking-cancelled-buyer` … */
const bookingEnded = outcomes.flatMap((outcome) =>
  (['buyer', 'seller'] as const).map((to) =>
    defineMail(`booking-${outcome.toLowerCase()}-${to}`, 'orders', (d: BookingEnded) => {
      const e = texts.mailTexts.bookings.bookingEnded;
      const buyer = to === 'buyer';
      const said = {
        subject: e.subject[outcome],
        lines: (buyer ? e.buyerLines : e.sellerLines)[outcome],
        button: buyer ? e.buyerButton : e.sellerButton,
      };
      const details: [string, string][] = [];
      if (d.reason) details.push([texts.mailTexts.bookings.booking.reason, d.reason]);
      if (d.amountCents !== null && d.currency) {
        details.push(amountRow({ amountCents: d.amountCents, currency: d.currency }));
      }
      return orderMail(said, d, buyer ? myOrders : myBooks, details);
    }),
  ),
);

/** To the buyer or the seller (one message each): a booking ended without a sale, or its late payment was refunded. */
export function bookingEndedMail(p: {
  to: 'buyer' | 'seller';
  userId: string;
  order: OrderNaming;
  outcome: BookingOutcome;
  reason?: string | null;
  amountCents?: number;
  currency?: string;
}): MailMessage {
  const template = bookingEnded.find((t) => t.template === `booking-${p.outcome.toLowerCase()}-${p.to}`)!;
  const data = {
    ...orderNamingOf(p.order),
    reason: p.reason ?? null,
    amountCents: p.amountCents ?? null,
    currency: p.currency ?? null,
  };
  return { ...template.message(data), userId: p.userId };
}

export const mailTemplates = [bookingMade, bookingConfirmed, ...bookingEnded];
