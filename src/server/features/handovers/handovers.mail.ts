import { defineMail } from '#server/mail/define-mail.ts';
import { aboutBook, type MailMessage, words } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';

// The handover of a paid order at the meetup (kind `orders`; ADR 020), in the words of the catalogue's
// `mailTexts.handovers`.

const myBooks = () => ({ href: '/dashboard/myProducts', label: texts.mailTexts.handovers.sellerButton });
const myOrders = () => ({ href: '/dashboard/wishList', label: texts.mailTexts.handovers.buyerButton });

type AboutBook = { bookName: string };

const handedOver = defineMail('handed-over', 'orders', (d: AboutBook) =>
  words(aboutBook(texts.mailTexts.handovers.handedOver, d.bookName), myOrders()),
);

const problemReported = defineMail('handover-problem-reported', 'orders', (d: AboutBook & { reason: string }) => {
  const t = texts.mailTexts.handovers;
  return words(aboutBook(t.problemReported, d.bookName), myBooks(), [[t.reason, d.reason]]);
});

const problemRefunded = (['buyer', 'seller'] as const).map((to) =>
  defineMail(`handover-refunded-${to}`, 'orders', (d: AboutBook) => {
    const t = texts.mailTexts.handovers.refunded;
    const lines = to === 'buyer' ? t.buyerLines : t.sellerLines;
    return words(aboutBook({ subject: t.subject, lines }, d.bookName), to === 'buyer' ? myOrders() : myBooks());
  }),
);

const problemDismissed = defineMail('handover-problem-dismissed', 'orders', (d: AboutBook) =>
  words(aboutBook(texts.mailTexts.handovers.dismissed, d.bookName), myOrders()),
);

/** To the buyer: the seller entered the right code. */
export function handedOverMail(p: { buyerId: string; bookName: string }): MailMessage {
  return { ...handedOver.message({ bookName: p.bookName }), userId: p.buyerId };
}

/** To the seller: the buyer reported that the order was not handed over. */
export function problemReportedMail(p: { sellerId: string; bookName: string; reason: string }): MailMessage {
  return { ...problemReported.message({ bookName: p.bookName, reason: p.reason }), userId: p.sellerId };
}

/** To the buyer or the seller: an admin refunded the order after the buyer's problem report. */
export function problemRefundedMail(p: { to: 'buyer' | 'seller'; userId: string; bookName: string }): MailMessage {
  const template = problemRefunded[p.to === 'buyer' ? 0 : 1]!;
  return { ...template.message({ bookName: p.bookName }), userId: p.userId };
}

/** To the buyer: an admin dismissed their problem report; the order stays paid. */
export function problemDismissedMail(p: { buyerId: string; bookName: string }): MailMessage {
  return { ...problemDismissed.message({ bookName: p.bookName }), userId: p.buyerId };
}

export const mailTemplates = [handedOver, problemReported, ...problemRefunded, problemDismissed];
