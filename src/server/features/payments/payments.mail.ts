import { amountRow, myBooks, myOrders, orderMail, type Price } from '#server/features/bookings/bookings.public.ts';
import { defineMail } from '#server/mail/define-mail.ts';
import type { MailMessage } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';
import { type OrderNaming, orderNamingOf } from '#shared/order-name.ts';

// Payments for orders (kind `orders`), in the words of the catalogue's `mailTexts.payments`.

/** Who meets whom once an order is paid: the two people's names, the buyer's phone and place, the listing's. */
export type Meetup = {
  buyerName: string;
  buyerPhone: string;
  meetingPlace: string;
  sellerName: string;
  sellerPhone: string;
  sellerPlace: string;
};

const placeAsked = (meetup: Meetup): [string, string] => {
  const t = texts.mailTexts.payments;
  return [t.meetingPlace, meetup.meetingPlace || t.noPlace];
};

const paymentReceived = defineMail('payment-received', 'orders', (d: Price & OrderNaming & { meetup: Meetup }) => {
  const t = texts.mailTexts.payments;
  return orderMail(t.paymentReceived, d, myBooks, [
    amountRow(d),
    [t.buyer, d.meetup.buyerName],
    [t.buyerPhone, d.meetup.buyerPhone],
    placeAsked(d.meetup),
  ]);
});

const paymentReceipt = defineMail(
  'payment-receipt',
  'orders',
  (d: Price & OrderNaming & { transactionId: string; meetup: Meetup }) => {
    const t = texts.mailTexts.payments;
    return orderMail(t.paymentReceipt, d, myOrders, [
      amountRow(d),
      [t.transaction, d.transactionId],
      [t.seller, d.meetup.sellerName],
      [t.sellerPhone, d.meetup.sellerPhone],
      [t.sellerPlace, d.meetup.sellerPlace],
      placeAsked(d.meetup),
    ]);
  },
);

/** To the seller: the buyer paid, the book is sold; whom to meet and how to reach them. */
export function paymentReceivedMail(p: Price & { sellerId: string; order: OrderNaming; meetup: Meetup }): MailMessage {
  const { sellerId, order, ...data } = p;
  return { ...paymentReceived.message({ ...orderNamingOf(order), ...data }), userId: sellerId };
}

/** To the buyer: the receipt of their payment, and whom to meet and how to reach them. */
export function paymentReceiptMail(
  p: Price & { buyerId: string; order: OrderNaming; transactionId: string; meetup: Meetup },
): MailMessage {
  const { buyerId, order, ...data } = p;
  return { ...paymentReceipt.message({ ...orderNamingOf(order), ...data }), userId: buyerId };
}

export const mailTemplates = [paymentReceived, paymentReceipt];
