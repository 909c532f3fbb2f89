import { amountRow, myBooks, myOrders, orderMail, type Price } from '#server/features/bookings/bookings.public.ts';
import type { MailMessage } from '#server/mail/mail-message.ts';

// Payments for orders (kind `orders`).

export const paymentsMailTexts = {
  paymentReceived: {
    subject: (book: string) => `${book} is sold: the buyer paid`,
    lines: (book: string) => [`The buyer paid for ${book}. The book is sold.`],
    button: 'See your books',
  },
  paymentReceipt: {
    subject: (book: string) => `Your receipt for ${book}`,
    lines: (book: string) => [`Thank you! Your payment for ${book} was received. Keep this email as your receipt.`],
    button: 'See your orders',
  },
  transaction: 'Transaction id',
  buyer: 'Buyer',
  buyerPhone: 'Buyer’s phone',
  seller: 'Seller',
  sellerPhone: 'Seller’s phone',
  sellerPlace: 'Seller’s place',
  meetingPlace: 'Meeting place asked for',
  noPlace: 'not given',
} as const;

/** Who meets whom once an order is paid: the two people's names, the buyer's phone and place, the listing's. */
export interface Meetup {
  buyerName: string;
  buyerPhone: string;
  meetingPlace: string;
  sellerName: string;
  sellerPhone: string;
  sellerPlace: string;
}

const t = paymentsMailTexts;

const placeAsked = (meetup: Meetup): [string, string] => [t.meetingPlace, meetup.meetingPlace || t.noPlace];

/** To the seller: the buyer paid, the book is sold; whom to meet and how to reach them. */
export function paymentReceivedMail(p: Price & { sellerId: string; bookName: string; meetup: Meetup }): MailMessage {
  const head = { template: 'payment-received', userId: p.sellerId };
  return orderMail(head, t.paymentReceived, p.bookName, myBooks, [
    amountRow(p),
    [t.buyer, p.meetup.buyerName],
    [t.buyerPhone, p.meetup.buyerPhone],
    placeAsked(p.meetup),
  ]);
}

/** To the buyer: the receipt of their payment, and whom to meet and how to reach them. */
export function paymentReceiptMail(
  p: Price & { buyerId: string; bookName: string; transactionId: string; meetup: Meetup },
): MailMessage {
  const head = { template: 'payment-receipt', userId: p.buyerId };
  return orderMail(head, t.paymentReceipt, p.bookName, myOrders, [
    amountRow(p),
    [t.transaction, p.transactionId],
    [t.seller, p.meetup.sellerName],
    [t.sellerPhone, p.meetup.sellerPhone],
    [t.sellerPlace, p.meetup.sellerPlace],
    placeAsked(p.meetup),
  ]);
}
