import { describe, expect, it } from 'vitest';
import { confirmEmailMail, resetPasswordMail, signUpAttemptMail } from '#server/auth/auth.mail.ts';
import { bookingConfirmedMail, bookingEndedMail, bookingMadeMail } from '#server/features/bookings/bookings.mail.ts';
import { unreadMessagesMail } from '#server/features/conversations/conversations.mail.ts';
import {
  handedOverMail,
  problemDismissedMail,
  problemRefundedMail,
  problemReportedMail,
} from '#server/features/handovers/handovers.mail.ts';
import { paymentReceiptMail, paymentReceivedMail } from '#server/features/payments/payments.mail.ts';
import { shareReleasedMail } from '#server/features/payouts/payouts.mail.ts';
import { bookRemovedMail, reportDecidedMail } from '#server/features/reports/reports.mail.ts';
import { reviewHiddenMail } from '#server/features/reviews/reviews.mail.ts';
import { madeAdminMail, sellerVerifiedMail } from '#server/features/users/users.mail.ts';
import { wantedDigestMail, wantedListedMail } from '#server/features/wanted/wanted.mail.ts';
import { localeCodes } from '#shared/i18n/locales.ts';
import { inLocale } from '#shared/i18n/text-source.ts';
import { bundleOrderName } from '#shared/order-name.ts';
import type { MailMessage } from './mail-message.ts';
import { mailTemplates } from './mail-templates.ts';

const book = 'Emma';
const order = { bookName: book, bundle: null };
const userId = 'u1';
const price = { amountCents: 1250, currency: 'USD' };
const meetup = {
  buyerName: 'Ben',
  buyerPhone: '5550100',
  meetingPlace: '',
  sellerName: 'Sam',
  sellerPhone: '5550101',
  sellerPlace: 'Library',
};
const share = { sellerId: userId, order, priceCents: 1250, feeCents: 125, shareCents: 1125, currency: 'USD' };
const digestOf = (n: number) => ({
  userId,
  dailyLimit: 3,
  currency: 'USD',
  books: Array.from({ length: n }, (_, i) => ({ bookName: `Book ${i}`, priceCents: 500 })),
});

/** One message of every template, as the features build them. */
const messages: Omit<MailMessage, 'userId' | 'to'>[] = [
  confirmEmailMail({ userId, url: 'https://example.test/confirm' }),
  resetPasswordMail({ userId, url: 'https://example.test/reset' }),
  signUpAttemptMail({ userId }),
  bookingMadeMail({ sellerId: userId, order, buyerName: 'Ben', phone: '5550100', meetingPlace: '' }),
  bookingConfirmedMail({ ...price, buyerId: userId, order, holdUntil: new Date(), meetingPlace: 'Cafe' }),
  ...(['Cancelled', 'Expired', 'Refunded'] as const).flatMap((outcome) =>
    (['buyer', 'seller'] as const).map((to) =>
      bookingEndedMail({ to, userId, order, outcome, reason: 'Gone', ...price }),
    ),
  ),
  unreadMessagesMail({ userId, conversationId: 'c1', from: 'Ben', bookName: book }),
  handedOverMail({ buyerId: userId, order }),
  problemReportedMail({ sellerId: userId, order, reason: 'No show' }),
  problemRefundedMail({ to: 'buyer', userId, order }),
  problemRefundedMail({ to: 'seller', userId, order }),
  problemDismissedMail({ buyerId: userId, order }),
  paymentReceivedMail({ ...price, sellerId: userId, order, meetup }),
  paymentReceiptMail({ ...price, buyerId: userId, order, transactionId: 't1', meetup }),
  shareReleasedMail({ ...share, waiting: false }),
  shareReleasedMail({ ...share, waiting: true }),
  reportDecidedMail({ reporterId: userId, bookName: book, decision: 'dismissed' }),
  reportDecidedMail({ reporterId: userId, bookName: book, decision: 'removed' }),
  bookRemovedMail({ sellerId: userId, bookName: book }),
  reviewHiddenMail({ authorId: userId, subjectId: 's1', subjectName: 'Sam', reason: 'Rude' }),
  madeAdminMail({ userId }),
  sellerVerifiedMail({ userId }),
  wantedListedMail({
    bookId: 'b1',
    bookName: book,
    author: 'Austen',
    priceCents: 500,
    currency: 'USD',
    condition: 'Good',
  }),
  wantedDigestMail(digestOf(1)),
  wantedDigestMail(digestOf(25)),
];

const render = (message: Omit<MailMessage, 'userId' | 'to'>) =>
  mailTemplates.get(message.template)!.render(message.data);

describe('the mail templates', () => {
  it("are found in every feature's mail file, each once, and every one is built by its feature", () => {
    expect(new Set(messages.map((m) => m.template))).toEqual(new Set(mailTemplates.keys()));
  });

  it('write every message in every language, with its data and no English left in another', () => {
    for (const message of messages) {
      const english = inLocale('en', () => render(message));
      expect(english.subject, message.template).not.toBe('');
      expect(english.text, message.template).not.toMatch(/[{}]/);
      for (const locale of localeCodes.filter((code) => code !== 'en')) {
        const words = inLocale(locale, () => render(message));
        expect(words.subject, `${message.template} in ${locale}`).not.toBe(english.subject);
        expect(words.text, `${message.template} in ${locale}`).not.toBe(english.text);
        expect(words.link.label, `${message.template} in ${locale}`).not.toBe(english.link.label);
        expect(words.text, `${message.template} in ${locale}`).not.toMatch(/[{}]/);
      }
    }
  });

  it('name a bundle from its books in the language they are written in; a message queued before, by its name', () => {
    const bundle = { books: [{ bookName: 'Emma' }, { bookName: 'Persuasion' }] };
    const aboutOrders = messages.filter((message) => 'bundle' in message.data);
    expect(aboutOrders.length).toBe(17);
    for (const message of aboutOrders) {
      for (const locale of localeCodes) {
        const data = { ...message.data, bookName: '2 books: Emma, Persuasion', bundle };
        const words = inLocale(locale, () => render({ ...message, data }));
        const name = inLocale(locale, () => bundleOrderName(['Emma', 'Persuasion']));
        expect(words.subject + words.text, `${message.template} in ${locale}`).toContain(name);
        expect(words.html, `${message.template} in ${locale}`).toContain(name);
      }
      const queuedBefore = Object.fromEntries(Object.entries(message.data).filter(([key]) => key !== 'bundle'));
      const words = inLocale('es', () =>
        render({ ...message, data: { ...queuedBefore, bookName: 'As it was named' } }),
      );
      expect(words.text, message.template).toContain('As it was named');
    }
  });

  it('write a digest of more books than it names as the part it names', () => {
    const words = inLocale('en', () => render(wantedDigestMail(digestOf(25))));
    expect(words.subject).toBe('25 more books on your Wanted list are for sale');
    expect(words.text).toContain('These are 20 of the 25 still for sale; all of them are under the bell in the store.');
    expect(inLocale('en', () => render(wantedDigestMail(digestOf(3)))).text).toContain(
      'These are still for sale; each is also under the bell in the store.',
    );
  });
});
