import { defineMail } from '#server/mail/define-mail.ts';
import { aboutBook, type MailMessage, words } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';

// Moderation (kind `moderation`), in the words of the catalogue's `mailTexts.reports`.

const reportDecided = (['dismissed', 'removed'] as const).map((decision) =>
  defineMail(`report-${decision}`, 'moderation', (d: { bookName: string }) => {
    const t = texts.mailTexts.reports.reportDecided;
    return words(aboutBook({ subject: t.subject, lines: t.lines[decision] }, d.bookName), {
      href: '/',
      label: t.button,
    });
  }),
);

const bookRemoved = defineMail('book-removed', 'moderation', (d: { bookName: string }) => {
  const t = texts.mailTexts.reports.bookRemoved;
  return words(aboutBook(t, d.bookName), { href: '/dashboard/myProducts', label: t.button });
});

/** To a reporter, when an admin dismissed the reports of a book or removed it. */
export function reportDecidedMail(p: {
  reporterId: string;
  bookName: string;
  decision: 'dismissed' | 'removed';
}): MailMessage {
  const template = reportDecided[p.decision === 'dismissed' ? 0 : 1]!;
  return { ...template.message({ bookName: p.bookName }), userId: p.reporterId };
}

/** To the seller, when an admin removed their reported book. */
export function bookRemovedMail(p: { sellerId: string; bookName: string }): MailMessage {
  return { ...bookRemoved.message({ bookName: p.bookName }), userId: p.sellerId };
}

export const mailTemplates = [...reportDecided, bookRemoved];
