import { aboutBook, type MailMessage, message } from './mail-templates.ts';
import { mailTexts } from './mail-texts.ts';

// The handover of a paid order at the meetup (kind `orders`; ADR 020).

const t = mailTexts.handover;
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
