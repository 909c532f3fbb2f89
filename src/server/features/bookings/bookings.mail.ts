import { aboutBook, type MailMessage, mailTime, message, money } from '#server/mail/mail-message.ts';

// Orders (kind `orders`): the booking's messages, and the frame of every message about an order.

export const bookingsMailTexts = {
  booking: {
    book: 'Book',
    buyer: 'Buyer',
    phone: 'Phone',
    meetingPlace: 'Meeting place',
    noMeetingPlace: 'not given',
    amount: 'Amount',
    reason: 'Reason',
    payBy: 'Pay by',
  },
  bookingConfirmed: {
    subject: (book: string) => `You booked ${book}`,
    lines: (book: string) => [
      `You booked ${book}. It is held for you until the time below: pay for it from My Orders before then, or the booking ends and the book goes back on sale.`,
    ],
    button: 'Pay from My Orders',
  },
  bookingMade: {
    subject: (book: string) => `${book} was booked`,
    lines: (book: string) => [
      `A buyer booked ${book}. Get in touch to agree when you meet; the book is held for them until they pay or the booking ends.`,
    ],
    button: 'See your books',
  },
  bookingEnded: {
    subject: {
      Cancelled: (book: string) => `The booking of ${book} was cancelled`,
      Expired: (book: string) => `The booking of ${book} expired`,
      Refunded: (book: string) => `Your payment for ${book} was refunded`,
    },
    buyerLines: {
      Cancelled: (book: string) => [`Your booking of ${book} was cancelled, so you do not need to pay for it.`],
      Expired: (book: string) => [`Your booking of ${book} expired before it was paid. The book is on sale again.`],
      Refunded: (book: string) => [
        `Your payment for ${book} arrived after the booking had ended, so it was refunded in full. Refunds take a few days to show on your card.`,
      ],
    },
    sellerLines: {
      Cancelled: (book: string) => [`The booking of ${book} was cancelled. The book is on sale again.`],
      Expired: (book: string) => [`The booking of ${book} expired before it was paid. The book is on sale again.`],
      Refunded: (book: string) => [
        `A payment for ${book} arrived after its booking had ended and was refunded to the buyer. Nothing changes for your listing.`,
      ],
    },
    buyerButton: 'See your orders',
    sellerButton: 'See your books',
  },
} as const;

const t = bookingsMailTexts;

export const myBooks = '/dashboard/myProducts';
export const myOrders = '/dashboard/wishList';

/** What an order costs, in minor units. */
export interface Price {
  amountCents: number;
  currency: string;
}

export const amountRow = (p: Price): [string, string] => [t.booking.amount, money(p.amountCents, p.currency)];

/**
 * A message to the buyer or the seller of an order: the text about its book, a button to their orders or
 * books, and the details, the book's name first.
 */
export function orderMail(
  { template, userId }: { template: string; userId: string },
  texts: { subject: (book: string) => string; lines: (book: string) => readonly string[]; button: string },
  bookName: string,
  href: string,
  details: [string, string][],
): MailMessage {
  return message({ template, kind: 'orders', userId }, aboutBook(texts, bookName), { href, label: texts.button }, [
    [t.booking.book, bookName],
    ...details,
  ]);
}

/** To the seller: their book was booked, with whom to meet. */
export function bookingMadeMail(p: {
  sellerId: string;
  bookName: string;
  buyerName: string;
  phone: string;
  meetingPlace: string;
}): MailMessage {
  const l = t.booking;
  const head = { template: 'booking-made', userId: p.sellerId };
  return orderMail(head, t.bookingMade, p.bookName, myBooks, [
    [l.buyer, p.buyerName],
    [l.phone, p.phone],
    [l.meetingPlace, p.meetingPlace || l.noMeetingPlace],
  ]);
}

/** To the buyer: their booking, what it costs, and until when it holds the book. */
export function bookingConfirmedMail(
  p: Price & { buyerId: string; bookName: string; holdUntil: Date; meetingPlace: string },
): MailMessage {
  const l = t.booking;
  const head = { template: 'booking-confirmed', userId: p.buyerId };
  return orderMail(head, t.bookingConfirmed, p.bookName, myOrders, [
    amountRow(p),
    [l.payBy, mailTime(p.holdUntil)],
    [l.meetingPlace, p.meetingPlace || l.noMeetingPlace],
  ]);
}

export type BookingOutcome = 'Cancelled' | 'Expired' | 'Refunded';

/** To the buyer or the seller (one message each): a booking ended without a sale, or its late payment was refunded. */
export function bookingEndedMail(p: {
  to: 'buyer' | 'seller';
  userId: string;
  bookName: string;
  outcome: BookingOutcome;
  /** Why the seller, an admin or the store cancelled it. */
  reason?: string | null;
  /** The refunded amount (`Refunded`). */
  amountCents?: number;
  currency?: string;
}): MailMessage {
  const e = t.bookingEnded;
  const buyer = p.to === 'buyer';
  const texts = {
    subject: e.subject[p.outcome],
    lines: (buyer ? e.buyerLines : e.sellerLines)[p.outcome],
    button: buyer ? e.buyerButton : e.sellerButton,
  };
  const details: [string, string][] = [];
  if (p.reason) details.push([t.booking.reason, p.reason]);
  if (p.amountCents !== undefined && p.currency) {
    details.push(amountRow({ amountCents: p.amountCents, currency: p.currency }));
  }
  const head = { template: `booking-${p.outcome.toLowerCase()}-${p.to}`, userId: p.userId };
  return orderMail(head, texts, p.bookName, buyer ? myOrders : myBooks, details);
}
