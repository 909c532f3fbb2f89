import { defineMail } from '#server/mail/define-mail.ts';
import { type MailMessage, words } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';

// What admins do to an account (kind `account`), in the words of the catalogue's `mailTexts.users`.

const madeAdmin = defineMail('made-admin', 'account', () => {
  const t = texts.mailTexts.users.madeAdmin;
  return words(t, { href: '/dashboard', label: t.button });
});

const sellerVerified = defineMail('seller-verified', 'account', () => {
  const t = texts.mailTexts.users.sellerVerified;
  return words(t, { href: '/dashboard/myProducts', label: t.button });
});

export function madeAdminMail(p: { userId: string }): MailMessage {
  return { ...madeAdmin.message({}), userId: p.userId };
}

export function sellerVerifiedMail(p: { userId: string }): MailMessage {
  return { ...sellerVerified.message({}), userId: p.userId };
}

export const mailTemplates = [madeAdmin, sellerVerified];
