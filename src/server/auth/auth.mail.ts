import { type MailMessage, message } from '#server/mail/mail-message.ts';

// Mail about signing in, sent in Better Auth's flows (kind `security`: it cannot be turned off).

export const authMailTexts = {
  confirmEmail: {
    subject: 'Confirm your email address',
    lines: [
      'Welcome to The Big Bookshelf! Please confirm that this email address is yours.',
      'The link works for 24 hours. If you did not sign up, ignore this email.',
    ],
    button: 'Confirm my email address',
  },
  resetPassword: {
    subject: 'Set a new password',
    lines: [
      'Someone, hopefully you, asked to set a new password for your account.',
      'The link works once, within 1 hour. Setting the new password signs your account out everywhere else.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    button: 'Set a new password',
  },
  signUpAttempt: {
    subject: 'Someone tried to sign up with your email address',
    lines: [
      'Someone just tried to create an account at The Big Bookshelf with this email address. You already have one, so no new account was made and yours is unchanged.',
      'If it was you, log in. Forgot your password? Use "Forgot password?" on the Login page to set a new one.',
      'If it was not you, there is nothing to do.',
    ],
    button: 'Log in',
  },
} as const;

const t = authMailTexts;

export function confirmEmailMail(p: { userId: string; url: string }): MailMessage {
  return message({ template: 'confirm-email', kind: 'security', userId: p.userId }, t.confirmEmail, {
    href: p.url,
    label: t.confirmEmail.button,
  });
}

export function resetPasswordMail(p: { userId: string; url: string }): MailMessage {
  return message({ template: 'reset-password', kind: 'security', userId: p.userId }, t.resetPassword, {
    href: p.url,
    label: t.resetPassword.button,
  });
}

export function signUpAttemptMail(p: { userId: string }): MailMessage {
  return message({ template: 'sign-up-attempt', kind: 'security', userId: p.userId }, t.signUpAttempt, {
    href: '/login',
    label: t.signUpAttempt.button,
  });
}
