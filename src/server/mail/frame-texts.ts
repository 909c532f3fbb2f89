import { texts } from '#shared/i18n/texts.ts';

/** The words every message gets from its frame (mail-frame.ts); each feature's messages have their own words. */
export const frameTexts = {
  storeName: texts.brand,
  greeting: (name: string) => `Hello ${name},`,
  greetingWithoutName: 'Hello,',
  signature: 'The Big Bookshelf',
  footer: {
    why: 'You get this email because of your account at The Big Bookshelf.',
    cannotTurnOff: 'We send this kind of email only when it matters for your account, so it cannot be turned off.',
    turnOff: (what: string) => `Stop emails about ${what}`,
  },
  /** What each kind of mail a person can turn off is about ("Stop emails about …"). */
  kinds: texts.mail.kinds,
} as const;
