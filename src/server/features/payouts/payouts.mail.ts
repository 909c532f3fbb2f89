import { defineMail } from '#server/mail/define-mail.ts';
import { aboutBook, type MailMessage, money, words } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';

// Mail about a seller's money (kind `orders`; ADR 026), in the words of the catalogue's `mailTexts.payouts`.

type ShareReleased = {
  bookName: string;
  priceCents: number;
  feeCents: number;
  shareCents: number;
  currency: string;
};

const shareReleased = ([false, true] as const).map((waiting) =>
  defineMail(waiting ? 'share-waiting' : 'share-released', 'orders', (d: ShareReleased) => {
    const t = texts.mailTexts.payouts;
    return words(
      aboutBook(waiting ? t.waiting : t.released, d.bookName),
      waiting
        ? { href: '/dashboard/get-paid', label: t.getPaidButton }
        : { href: '/dashboard/earnings', label: t.earningsButton },
      [
        [t.book, d.bookName],
        [t.price, money(d.priceCents, d.currency)],
        [t.fee, money(d.feeCents, d.currency)],
        [t.share, money(d.shareCents, d.currency)],
      ],
    );
  }),
);

/** To the seller: an order's share was released, with its figures; it waits when they cannot be paid yet. */
export function shareReleasedMail(p: ShareReleased & { sellerId: string; waiting: boolean }): MailMessage {
  const { sellerId, waiting, ...data } = p;
  return { ...shareReleased[waiting ? 1 : 0]!.message(data), userId: sellerId };
}

export const mailTemplates = shareReleased;
