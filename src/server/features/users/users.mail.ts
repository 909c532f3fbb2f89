import { type MailMessage, message } from '#server/mail/mail-message.ts';

// What admins do to an account (kind `account`).

export const usersMailTexts = {
  madeAdmin: {
    subject: 'You are now an admin of The Big Bookshelf',
    lines: [
      'An admin made your account an admin. Your dashboard now has All Users, All Buyers, All Sellers and Reported Items.',
    ],
    button: 'Open your dashboard',
  },
  sellerVerified: {
    subject: 'Your seller account is verified',
    lines: ['An admin verified your seller account. Buyers now see a verified mark beside your books.'],
    button: 'See your books',
  },
} as const;

const t = usersMailTexts;

export function madeAdminMail(p: { userId: string }): MailMessage {
  return message({ template: 'made-admin', kind: 'account', userId: p.userId }, t.madeAdmin, {
    href: '/dashboard',
    label: t.madeAdmin.button,
  });
}

export function sellerVerifiedMail(p: { userId: string }): MailMessage {
  return message({ template: 'seller-verified', kind: 'account', userId: p.userId }, t.sellerVerified, {
    href: '/dashboard/myProducts',
    label: t.sellerVerified.button,
  });
}
