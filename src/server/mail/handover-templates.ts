import { compose, type MailMessage } from './mail-templates.ts';
import { mailTexts } from './mail-texts.ts';

// The handover of a paid order at the meetup (kind `orders`; ADR 020).

const t = mailTexts.handover;
const myBooks = { href: '/dashboard/myProducts', label: t.sellerButton };
const myOrders = { href: '/dashboard/wishList', label: t.buyerButton };

/** To the buyer: the seller entered the right code. */
export function handedOverMail(p: { buyerId: string; bookName: string }): MailMessage {
  return {
    template: 'handed-over',
    kind: 'orders',
    userId: p.buyerId,
    subject: t.handedOver.subject(p.bookName),
    ...compose(t.handedOver.lines(p.bookName)),
    link: myOrders,
  };
}

/** To the seller: the buyer reported that the order was not handed over. */
export function problemReportedMail(p: { sellerId: string; bookName: string; reason: string }): MailMessage {
  return {
    template: 'handover-problem-reported',
    kind: 'orders',
    userId: p.sellerId,
    subject: t.problemReported.subject(p.bookName),
    ...compose(t.problemReported.lines(p.bookName), [[t.reason, p.reason]]),
    link: myBooks,
  };
}

/** To the buyer or the seller: an admin refunded the order after the buyer's problem report. */
export function problemRefundedMail(p: { to: 'buyer' | 'seller'; userId: string; bookName: string }): MailMessage {
  const lines = p.to === 'buyer' ? t.refunded.buyerLines : t.refunded.sellerLines;
  return {
    template: `handover-refunded-${p.to}`,
    kind: 'orders',
    userId: p.userId,
    subject: t.refunded.subject(p.bookName),
    ...compose(lines(p.bookName)),
    link: p.to === 'buyer' ? myOrders : myBooks,
  };
}

/** To the buyer: an admin dismissed their problem report; the order stays paid. */
export function problemDismissedMail(p: { buyerId: string; bookName: string }): MailMessage {
  return {
    template: 'handover-problem-dismissed',
    kind: 'orders',
    userId: p.buyerId,
    subject: t.dismissed.subject(p.bookName),
    ...compose(t.dismissed.lines(p.bookName)),
    link: myOrders,
  };
}
