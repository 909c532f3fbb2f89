import { defineMail } from '#server/mail/define-mail.ts';
import { type MailMessage, words } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';

// Reviews after a handed-over order (kind `moderation` for a hidden review; ADR 029), in the words of the
// catalogue's `mailTexts.reviews`.

const reviewHidden = defineMail(
  'review-hidden',
  'moderation',
  (d: { subjectId: string; subjectName: string; reason: string }) => {
    const t = texts.mailTexts.reviews;
    return words(
      { subject: t.hidden.subject, lines: t.hidden.lines({ about: d.subjectName }) },
      { href: `/sellers/${d.subjectId}`, label: t.button },
      [[t.reason, d.reason]],
    );
  },
);

/** To a review's author: an admin hid it, and why. */
export function reviewHiddenMail(p: {
  authorId: string;
  subjectId: string;
  subjectName: string;
  reason: string;
}): MailMessage {
  const { authorId, ...data } = p;
  return { ...reviewHidden.message(data), userId: authorId };
}

export const mailTemplates = [reviewHidden];
