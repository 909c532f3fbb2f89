import { aboutBook, type MailMessage, message } from '#server/mail/mail-message.ts';
import { formatMoney, fromCents } from '#shared/money.ts';

// Mail about a seller's money (kind `orders`; ADR 026).

const earnings = { href: '/dashboard/earnings', label: 'See your earnings' };
const getPaid = { href: '/dashboard/get-paid', label: 'Set up payouts' };
const money = (cents: number, currency: string) => `${formatMoney(fromCents(cents), currency)} (${currency})`;

const texts = {
  released: {
    subject: (book: string) => `Your money for ${book} is released`,
    lines: (book: string) => [`The sale of ${book} is complete, and your share is on its way to your payout account.`],
  },
  waiting: {
    subject: (book: string) => `Set up payouts to receive your money for ${book}`,
    lines: (book: string) => [
      `The sale of ${book} is complete and your share is released, but you have no working payout account yet, so it waits for you.`,
      'Set up payouts in your dashboard (Get paid): the money is sent as soon as your account works.',
    ],
  },
};

/** To the seller: an order's share was released, with its figures; it waits when they cannot be paid yet. */
export function shareReleasedMail(p: {
  sellerId: string;
  bookName: string;
  priceCents: number;
  feeCents: number;
  shareCents: number;
  currency: string;
  waiting: boolean;
}): MailMessage {
  const details: [string, string][] = [
    ['Book', p.bookName],
    ['Price', money(p.priceCents, p.currency)],
    ["The store's fee", money(p.feeCents, p.currency)],
    ['You receive', money(p.shareCents, p.currency)],
  ];
  return message(
    { template: p.waiting ? 'share-waiting' : 'share-released', kind: 'orders', userId: p.sellerId },
    aboutBook(p.waiting ? texts.waiting : texts.released, p.bookName),
    p.waiting ? getPaid : earnings,
    details,
  );
}
