import { aboutBook, type MailMessage, message } from '#server/mail/mail-message.ts';

// The handover of a paid order at the meetup (kind `orders`; ADR 020).

export const handoversMailTexts = {
  handedOver: {
    subject: (book: string) => `${book} was handed over`,
    lines: (book: string) => [`The seller confirmed with your code that you received ${book}. Enjoy the book!`],
  },
  problemReported: {
    subject: (book: string) => `The buyer of ${book} reported a problem`,
    lines: (book: string) => [
      `The buyer of ${book} reported that the order was not handed over. An admin will look at it and either refund the buyer or keep the order as it is.`,
      'If you meet the buyer meanwhile, enter their handover code in My Products as usual.',
    ],
  },
  refunded: {
    subject: (book: string) => `The order of ${book} was refunded`,
    buyerLines: (book: string) => [
      `An admin looked at your report about ${book} and refunded your payment in full. Refunds take a few days to show on your card.`,
    ],
    sellerLines: (book: string) => [
      `The buyer of ${book} reported that the order was not handed over, and an admin refunded their payment. The listing was removed from the store; add the book again if you still have it.`,
    ],
  },
  dismissed: {
    subject: (book: string) => `We looked at your report about ${book}`,
    lines: (book: string) => [
      `An admin looked at your report about ${book} and kept the order as it is: it stays paid. Show your handover code to the seller when you get the book.`,
    ],
  },
  reason: 'Reason given',
  buyerButton: 'See your orders',
  sellerButton: 'See your books',
} as const;

const t = handoversMailTexts;
const myBooks = { href: '/dashboard/myProducts', label: t.sellerButton };
const myOrders = { href: '/dashboard/wishList', label: t.buyerButton };

/** To the buyer: the seller entered the right code. */
export function handedOverMail(p: { buyerId: string; bookName: string }): MailMessage {
  return message(
    { template: 'handed-over', kind: 'orders', userId: p.buyerId },
    aboutBook(t.handedOver, p.bookName),
    myOrders,
  );
}

/** To the seller: the buyer reported that the order was not handed over. */
export function problemReportedMail(p: { sellerId: string; bookName: string; reason: string }): MailMessage {
  return message(
    { template: 'handover-problem-reported', kind: 'orders', userId: p.sellerId },
    aboutBook(t.problemReported, p.bookName),
    myBooks,
    [[t.reason, p.reason]],
  );
}

/** To the buyer or the seller: an admin refunded the order after the buyer's problem report. */
export function problemRefundedMail(p: { to: 'buyer' | 'seller'; userId: string; bookName: string }): MailMessage {
  const lines = p.to === 'buyer' ? t.refunded.buyerLines : t.refunded.sellerLines;
  return message(
    { template: `handover-refunded-${p.to}`, kind: 'orders', userId: p.userId },
    aboutBook({ subject: t.refunded.subject, lines }, p.bookName),
    p.to === 'buyer' ? myOrders : myBooks,
  );
}

/** To the buyer: an admin dismissed their problem report; the order stays paid. */
export function problemDismissedMail(p: { buyerId: string; bookName: string }): MailMessage {
  return message(
    { template: 'handover-problem-dismissed', kind: 'orders', userId: p.buyerId },
    aboutBook(t.dismissed, p.bookName),
    myOrders,
  );
}
