import { type MailMessage, message } from '#server/mail/mail-message.ts';

// Reviews after a handed-over order (kind `moderation` for a hidden review; ADR 029).

export const reviewsMailTexts = {
  hidden: {
    subject: 'An admin hid your review',
    lines: (about: string) => [
      `An admin hid your review of ${about}: it broke the store’s rules for reviews. It is kept, but no one else sees it and it no longer counts toward their rating.`,
    ],
  },
  reason: 'Reason given',
  button: 'See their page',
} as const;

const t = reviewsMailTexts;

/** To a review's author: an admin hid it, and why. */
export function reviewHiddenMail(p: {
  authorId: string;
  subjectId: string;
  subjectName: string;
  reason: string;
}): MailMessage {
  return message(
    { template: 'review-hidden', kind: 'moderation', userId: p.authorId },
    { subject: t.hidden.subject, lines: t.hidden.lines(p.subjectName) },
    { href: `/sellers/${p.subjectId}`, label: t.button },
    [[t.reason, p.reason]],
  );
}
