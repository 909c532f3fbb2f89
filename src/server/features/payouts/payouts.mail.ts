import { defineMail } from '#server/mail/define-mail.ts';
import { aboutBook, type MailMessage, money, words } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';
import { type OrderNaming, orderName, orderNamingOf } from '#shared/order-name.ts';

// Mail about a seller's money (kind `orders`; ADR 026), in the words of the catalogue's `mailTexts.payouts`.

type ShareReleased = OrderNaming & {
  priceCents: number;
  feeCents: number;
  shareCents: number;
  currency: string;
};

const shareReleased = ([false, true] as const).map((waiting) =>
  defineMail(waiting ? 'share-waiting' : 'share-released', 'orders', (d: ShareReleased) => {
    const t = texts.mailTexts.payouts;
    const name = orderName(d);
    return words(
      aboutBook(waiting ? t.waiting : t.released, name),
      waiting
        ? { href: '/dashboard/get-paid', label: t.getPaidButton }
        : { href: '/dashboard/earnings', label: t.earningsButton },
      [
        [t.book, name],
        [t.price, money(d.priceCents, d.currency)],
        [t.fee, money(d.feeCents, d.currency)],
        [t.share, money(d.shareCents, d.currency)],
      ],
    );
  }),
);

/** To the seller: an order's share was released, with its figures; it waits when they cannot be paid yet. */
export function shareReleasedMail(
  p: Omit<ShareReleased, keyof OrderNaming> & { sellerId: string; order: OrderNaming; waiting: boolean },
): MailMessage {
  const { sellerId, order, waiting, ...data } = p;
  return { ...shareReleased[waiting ? 1 : 0]!.message({ ...orderNamingOf(order), ...data }), userId: sellerId };
}

export const mailTemplates = shareReleased;
