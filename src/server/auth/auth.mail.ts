import { defineMail } from '#server/mail/define-mail.ts';
import { type MailMessage, words } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';

// Mail about signing in, sent in Better Auth's flows (kind `security`: it cannot be turned off), in the words of
// the catalogue's `mailTexts.auth`.

const confirmEmail = defineMail('confirm-email', 'security', (d: { url: string }) => {
  const t = texts.mailTexts.auth.confirmEmail;
  return words(t, { href: d.url, label: t.button });
});

const resetPassword = defineMail('reset-password', 'security', (d: { url: string }) => {
  const t = texts.mailTexts.auth.resetPassword;
  return words(t, { href: d.url, label: t.button });
});

const signUpAttempt = defineMail('sign-up-attempt', 'security', () => {
  const t = texts.mailTexts.auth.signUpAttempt;
  return words(t, { href: '/login', label: t.button });
});

export function confirmEmailMail(p: { userId: string; url: string }): MailMessage {
  return { ...confirmEmail.message({ url: p.url }), userId: p.userId };
}

export function resetPasswordMail(p: { userId: string; url: string }): MailMessage {
  return { ...resetPassword.message({ url: p.url }), userId: p.userId };
}

export function signUpAttemptMail(p: { userId: string }): MailMessage {
  return { ...signUpAttempt.message({}), userId: p.userId };
}

export const mailTemplates = [confirmEmail, resetPassword, signUpAttempt];
