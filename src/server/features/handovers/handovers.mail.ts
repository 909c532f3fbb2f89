import { defineMail } from '#server/mail/define-mail.ts';
import { aboutBook, type MailMessage, words } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';
import { type OrderNaming, orderName, orderNamingOf } from '#shared/order-name.ts';

// The handover of a paid order at the meetup (kind `orders`; ADR 020), in the words of the catalogue's
// `mailTexts.handovers`.

const myBooks = () => ({ href: '/dashboard/myProducts', label: texts.mailTexts.handovers.sellerButton });
const myOrders = () => ({ href: '/dashboard/wishList', label: texts.mailTexts.handovers.buyerButton });

const handedOver = defineMail('handed-over', 'orders', (d: OrderNaming) =>
  words(aboutBook(texts.mailTexts.handovers.handedOver, orderName(d)), myOrders()),
);

const problemReported = defineMail('handover-problem-reported', 'orders', (d: OrderNaming & { reason: string }) => {
  const t = texts.mailTexts.handovers;
  return words(aboutBook(t.problemReported, orderName(d)), myBooks(), [[t.reason, d.reason]]);
});

const problemRefunded = (['buyer', 'seller'] as const).map((to) =>
  defineMail(`handover-refunded-${to}`, 'orders', (d: OrderNaming) => {
    const t = texts.mailTexts.handovers.refunded;
    const lines = to === 'buyer' ? t.buyerLines : t.sellerLines;
    return words(aboutBook({ subject: t.subject, lines }, orderName(d)), to === 'buyer' ? myOrders() : myBooks());
  }),
);

const problemDismissed = defineMail('handover-problem-dismissed', 'orders', (d: OrderNaming) =>
  words(aboutBook(texts.mailTexts.handovers.dismissed, orderName(d)), myOrders()),
);

/** To the buyer: the seller entered the right code. */
export function handedOverMail(p: { buyerId: string; order: OrderNaming }): MailMessage {
  return { ...handedOver.message(orderNamingOf(p.order)), userId: p.buyerId };
}

/** To the seller: the buyer reported that the order was not handed over. */
export function problemReportedMail(p: { sellerId: string; order: OrderNaming; reason: string }): MailMessage {
  return { ...problemReported.message({ ...orderNamingOf(p.order), reason: p.reason }), userId: p.sellerId };
}

/** To the buyer or the seller: an admin refunded the order after the buyer's problem report. */
export function problemRefundedMail(p: { to: 'buyer' | 'seller'; userId: string; order: OrderNaming }): MailMessage {
  const template = problemRefunded[p.to === 'buyer' ? 0 : 1]!;
  return { ...template.message(orderNamingOf(p.order)), userId: p.userId };
}

/** To the buyer: an admin dismissed their problem report; the order stays paid. */
export function problemDismissedMail(p: { buyerId: string; order: OrderNaming }): MailMessage {
  return { ...problemDismissed.message(orderNamingOf(p.order)), userId: p.buyerId };
}

export const mailTemplates = [handedOver, problemReported, ...problemRefunded, problemDismissed];
