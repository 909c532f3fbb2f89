import { messages } from '#shared/messages.ts';
import { pageMessages } from '#shared/page-messages.ts';

/**
 * Every word our emails say, in one place (the templates in mail-templates.ts arrange them). A copy edit
 * is one line here; tests import the subjects from here.
 */
export const mailTexts = {
  storeName: messages.brand,
  greeting: (name: string) => `Hello ${name},`,
  greetingWithoutName: 'Hello,',
  signature: 'The Big Bookshelf',
  footer: {
    why: 'You get this email because of your account at The Big Bookshelf.',
    cannotTurnOff: 'We send this kind of email only when it matters for your account, so it cannot be turned off.',
    turnOff: (what: string) => `Stop emails about ${what}`,
  },
  /** What each kind of mail a person can turn off is about ("Stop emails about …"). */
  kinds: pageMessages.mail.kinds,

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

  // The subjects name no book: a title is the seller's words, and a subject from the store's own address is the
  // line a person trusts most (ADR 025). The book is named in the message, in its table.
  wantedListed: {
    subject: 'A book on your Wanted list is for sale',
    lines: [
      'A book matching your Wanted list was just listed. Second-hand books go one copy at a time, so have a look soon.',
    ],
    author: 'Author',
    price: 'Price',
    condition: 'Condition',
    button: 'See the book',
  },
  wantedDigest: {
    subject: (n: number) =>
      n === 1 ? 'Another book on your Wanted list is for sale' : `${n} more books on your Wanted list are for sale`,
    lines: (limit: number, n: number, shown: number) => [
      limit === 0
        ? 'Books matching your Wanted list were listed since our last email about them.'
        : `We email you at most ${limit} Wanted-list ${limit === 1 ? 'alert' : 'alerts'} a day. Since then, more books matching your Wanted list were listed.`,
      n === 1
        ? 'This one is still for sale; it is also under the bell in the store.'
        : shown < n
          ? `These are ${shown} of the ${n} still for sale; all of them are under the bell in the store.`
          : 'These are still for sale; each is also under the bell in the store.',
    ],
    button: 'See your notifications',
  },

  booking: {
    book: 'Book',
    buyer: 'Buyer',
    phone: 'Phone',
    meetingPlace: 'Meeting place',
    noMeetingPlace: 'not given',
    amount: 'Amount',
    transaction: 'Transaction id',
    reason: 'Reason',
    payBy: 'Pay by',
  },
  bookingConfirmed: {
    subject: (book: string) => `You booked ${book}`,
    lines: (book: string) => [
      `You booked ${book}. It is held for you until the time below: pay for it from My Orders before then, or the booking ends and the book goes back on sale.`,
    ],
    button: 'Pay from My Orders',
  },
  bookingMade: {
    subject: (book: string) => `${book} was booked`,
    lines: (book: string) => [
      `A buyer booked ${book}. Get in touch to agree when you meet; the book is held for them until they pay or the booking ends.`,
    ],
    button: 'See your books',
  },
  paymentReceived: {
    subject: (book: string) => `${book} is sold: the buyer paid`,
    lines: (book: string) => [`The buyer paid for ${book}. The book is sold.`],
    button: 'See your books',
  },
  paymentReceipt: {
    subject: (book: string) => `Your receipt for ${book}`,
    lines: (book: string) => [`Thank you! Your payment for ${book} was received. Keep this email as your receipt.`],
    button: 'See your orders',
  },
  bookingEnded: {
    subject: {
      Cancelled: (book: string) => `The booking of ${book} was cancelled`,
      Expired: (book: string) => `The booking of ${book} expired`,
      Refunded: (book: string) => `Your payment for ${book} was refunded`,
    },
    buyerLines: {
      Cancelled: (book: string) => [`Your booking of ${book} was cancelled, so you do not need to pay for it.`],
      Expired: (book: string) => [`Your booking of ${book} expired before it was paid. The book is on sale again.`],
      Refunded: (book: string) => [
        `Your payment for ${book} arrived after the booking had ended, so it was refunded in full. Refunds take a few days to show on your card.`,
      ],
    },
    sellerLines: {
      Cancelled: (book: string) => [`The booking of ${book} was cancelled. The book is on sale again.`],
      Expired: (book: string) => [`The booking of ${book} expired before it was paid. The book is on sale again.`],
      Refunded: (book: string) => [
        `A payment for ${book} arrived after its booking had ended and was refunded to the buyer. Nothing changes for your listing.`,
      ],
    },
    buyerButton: 'See your orders',
    sellerButton: 'See your books',
  },
  handover: {
    handedOver: {
      subject: (book: string) => `${book} was handed over`,
      lines: (book: string) => [`The seller confirmed with your code that you received ${book}. Enjoy the book!`],
    },
    problemReported: {
      subject: (book: string) => `The buyer of ${book} reported a problem`,
      lines: (book: string) => [
        `The buyer of ${book} reported that the order was not handed over. An admin will look at it and either refund the buyer or keep the order as it is.`,
        'If you meet the buyer meanwhile, enter their handover code in My Products as usual.',
      ],
    },
    refunded: {
      subject: (book: string) => `The order of ${book} was refunded`,
      buyerLines: (book: string) => [
        `An admin looked at your report about ${book} and refunded your payment in full. Refunds take a few days to show on your card.`,
      ],
      sellerLines: (book: string) => [
        `The buyer of ${book} reported that the order was not handed over, and an admin refunded their payment. The listing was removed from the store; add the book again if you still have it.`,
      ],
    },
    dismissed: {
      subject: (book: string) => `We looked at your report about ${book}`,
      lines: (book: string) => [
        `An admin looked at your report about ${book} and kept the order as it is: it stays paid. Show your handover code to the seller when you get the book.`,
      ],
    },
    reason: 'Reason given',
    buyerButton: 'See your orders',
    sellerButton: 'See your books',
  },
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
