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
} as const;

const t = paymentsMailTexts;

/** To the seller: the buyer paid, the book is sold. */
export function paymentReceivedMail(p: Price & { sellerId: string; bookName: string }): MailMessage {
  const head = { template: 'payment-received', userId: p.sellerId };
  return orderMail(head, t.paymentReceived, p.bookName, myBooks, [amountRow(p)]);
}

/** To the buyer: the receipt of their payment. */
export function paymentReceiptMail(
  p: Price & { buyerId: string; bookName: string; transactionId: string },
): MailMessage {
  const head = { template: 'payment-receipt', userId: p.buyerId };
  return orderMail(head, t.paymentReceipt, p.bookName, myOrders, [amountRow(p), [t.transaction, p.transactionId]]);
}
