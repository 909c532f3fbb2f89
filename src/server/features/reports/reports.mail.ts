import { aboutBook, type MailMessage, message } from '#server/mail/mail-message.ts';

// Moderation (kind `moderation`).

export const reportsMailTexts = {
  reportDecided: {
    subject: (book: string) => `We looked at your report of ${book}`,
    lines: {
      dismissed: (book: string) => [
        `Thank you for reporting ${book}. An admin looked at it and found nothing wrong, so the listing stays.`,
      ],
      removed: (book: string) => [
        `Thank you for reporting ${book}. An admin agreed and removed the listing from the store.`,
      ],
    },
    button: 'Browse books',
  },
  bookRemoved: {
    subject: (book: string) => `${book} was removed from the store`,
    lines: (book: string) => [
      `An admin removed your listing of ${book} after buyers reported it. It no longer shows in the store.`,
    ],
    button: 'See your books',
  },
} as const;

const t = reportsMailTexts;

/** To a reporter, when an admin dismissed the reports of a book or removed it. */
export function reportDecidedMail(p: {
  reporterId: string;
  bookName: string;
  decision: 'dismissed' | 'removed';
}): MailMessage {
  const d = t.reportDecided;
  return message(
    { template: `report-${p.decision}`, kind: 'moderation', userId: p.reporterId },
    aboutBook({ subject: d.subject, lines: d.lines[p.decision] }, p.bookName),
    { href: '/', label: d.button },
  );
}

/** To the seller, when an admin removed their reported book. */
export function bookRemovedMail(p: { sellerId: string; bookName: string }): MailMessage {
  const r = t.bookRemoved;
  return message({ template: 'book-removed', kind: 'moderation', userId: p.sellerId }, aboutBook(r, p.bookName), {
    href: '/dashboard/myProducts',
    label: r.button,
  });
}
