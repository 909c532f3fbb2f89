/**
 * Mail (features/mail): English texts, every leaf an ICU string (ADR 030). `mail` is the page an email's links open;
 * `mailTexts` the words of the store's mail, each list a message's paragraphs, which the server renders when it
 * sends a message, in its recipient's language of the moment (server/mail/mail-templates.ts; ADR 032), and the web
 * app never loads. The frame is around every message; each feature's messages are in its part (`bookings` for
 * features/bookings/bookings.mail.ts …).
 */
export const mailMessages = {
  // Our own texts: the page an email's unsubscribe link opens.
  mail: {
    kinds: {
      orders: 'your orders and sales',
      moderation: 'reports and removed listings',
      account: 'changes an admin makes to your account',
      wanted: 'books on your Wanted list being listed',
    },
    heading: 'Email settings',
    question: 'Stop emails about {what}?',
    stop: 'Stop these emails',
    stopped: 'Done: you will no longer get emails about {what}.',
    resume: 'Send them to me again',
    resumed: 'You will get emails about {what} again.',
    linkInvalid: 'This link is not valid. Use the link in the latest email.',
    linkSignedOut:
      'This link no longer works: its owner signed out of the links of earlier emails. Use the link in a newer email.',
    links: 'Links in your emails',
    linksExplained:
      'Each email we send has a link that turns that kind of email off without signing in. If an email was forwarded or someone else can read your mailbox, sign out of the links of every email sent so far; later emails carry new ones.',
    signOutLinks: 'Sign out of every email link',
    linksSignedOut: 'Done: the links in the emails sent so far no longer work.',
  },
  mailTexts: {
    frame: {
      greeting: 'Hello {name},',
      greetingWithoutName: 'Hello,',
      signature: 'The Big Bookshelf',
      footer: {
        why: 'You get this email because of your account at The Big Bookshelf.',
        cannotTurnOff: 'We send this kind of email only when it matters for your account, so it cannot be turned off.',
        turnOff: 'Stop emails about {what}',
      },
    },
    // Mail about signing in, sent in Better Auth's flows (kind `security`: it cannot be turned off).
    auth: {
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
    },
    // Orders (kind `orders`): the booking's messages, and the details of every message about an order.
    bookings: {
      booking: {
        book: 'Book',
        buyer: 'Buyer',
        phone: 'Phone',
        meetingPlace: 'Meeting place',
        noMeetingPlace: 'not given',
        amount: 'Amount',
        reason: 'Reason',
        payBy: 'Pay by',
      },
      bookingConfirmed: {
        subject: 'You booked {book}',
        lines: [
          'You booked {book}. It is held for you until the time below: pay for it from My Orders before then, or the booking ends and the book goes back on sale.',
        ],
        button: 'Pay from My Orders',
      },
      bookingMade: {
        subject: '{book} was booked',
        lines: [
          'A buyer booked {book}. Get in touch to agree when you meet; the book is held for them until they pay or the booking ends.',
        ],
        button: 'See your books',
      },
      bookingEnded: {
        subject: {
          Cancelled: 'The booking of {book} was cancelled',
          Expired: 'The booking of {book} expired',
          Refunded: 'Your payment for {book} was refunded',
        },
        buyerLines: {
          Cancelled: ['Your booking of {book} was cancelled, so you do not need to pay for it.'],
          Expired: ['Your booking of {book} expired before it was paid. The book is on sale again.'],
          Refunded: [
            'Your payment for {book} arrived after the booking had ended, so it was refunded in full. Refunds take a few days to show on your card.',
          ],
        },
        sellerLines: {
          Cancelled: ['The booking of {book} was cancelled. The book is on sale again.'],
          Expired: ['The booking of {book} expired before it was paid. The book is on sale again.'],
          Refunded: [
            'A payment for {book} arrived after its booking had ended and was refunded to the buyer. Nothing changes for your listing.',
          ],
        },
        buyerButton: 'See your orders',
        sellerButton: 'See your books',
      },
    },
    // Conversations (kind `orders`). The subject names the store's words only: the book's title and the message
    // are the people's own words.
    conversations: {
      unreadMessages: {
        subject: 'You have a new message about a book',
        lines: [
          '{from} wrote to you about “{book}”. Open the conversation to read it and answer.',
          'We email you once while a conversation has unread messages; the next email comes after you have read them.',
        ],
        button: 'Read the message',
      },
    },
    // The handover of a paid order at the meetup (kind `orders`; ADR 020).
    handovers: {
      handedOver: {
        subject: '{book} was handed over',
        lines: ['The seller confirmed with your code that you received {book}. Enjoy the book!'],
      },
      problemReported: {
        subject: 'The buyer of {book} reported a problem',
        lines: [
          'The buyer of {book} reported that the order was not handed over. An admin will look at it and either refund the buyer or keep the order as it is.',
          'If you meet the buyer meanwhile, enter their handover code in My Products as usual.',
        ],
      },
      refunded: {
        subject: 'The order of {book} was refunded',
        buyerLines: [
          'An admin looked at your report about {book} and refunded your payment in full. Refunds take a few days to show on your card.',
        ],
        sellerLines: [
          'The buyer of {book} reported that the order was not handed over, and an admin refunded their payment. The listing was removed from the store; add the book again if you still have it.',
        ],
      },
      dismissed: {
        subject: 'We looked at your report about {book}',
        lines: [
          'An admin looked at your report about {book} and kept the order as it is: it stays paid. Show your handover code to the seller when you get the book.',
        ],
      },
      reason: 'Reason given',
      buyerButton: 'See your orders',
      sellerButton: 'See your books',
    },
    // Payments for orders (kind `orders`).
    payments: {
      paymentReceived: {
        subject: '{book} is sold: the buyer paid',
        lines: ['The buyer paid for {book}. The book is sold.'],
        button: 'See your books',
      },
      paymentReceipt: {
        subject: 'Your receipt for {book}',
        lines: ['Thank you! Your payment for {book} was received. Keep this email as your receipt.'],
        button: 'See your orders',
      },
      transaction: 'Transaction id',
      buyer: 'Buyer',
      buyerPhone: 'Buyer’s phone',
      seller: 'Seller',
      sellerPhone: 'Seller’s phone',
      sellerPlace: 'Seller’s place',
      meetingPlace: 'Meeting place asked for',
      noPlace: 'not given',
    },
    // A seller's money (kind `orders`; ADR 026).
    payouts: {
      released: {
        subject: 'Your money for {book} is released',
        lines: ['The sale of {book} is complete, and your share is on its way to your payout account.'],
      },
      waiting: {
        subject: 'Set up payouts to receive your money for {book}',
        lines: [
          'The sale of {book} is complete and your share is released, but you have no working payout account yet, so it waits for you.',
          'Set up payouts in your dashboard (Get paid): the money is sent as soon as your account works.',
        ],
      },
      earningsButton: 'See your earnings',
      getPaidButton: 'Set up payouts',
      book: 'Book',
      price: 'Price',
      fee: "The store's fee",
      share: 'You receive',
    },
    // Moderation (kind `moderation`).
    reports: {
      reportDecided: {
        subject: 'We looked at your report of {book}',
        lines: {
          dismissed: [
            'Thank you for reporting {book}. An admin looked at it and found nothing wrong, so the listing stays.',
          ],
          removed: ['Thank you for reporting {book}. An admin agreed and removed the listing from the store.'],
        },
        button: 'Browse books',
      },
      bookRemoved: {
        subject: '{book} was removed from the store',
        lines: ['An admin removed your listing of {book} after buyers reported it. It no longer shows in the store.'],
        button: 'See your books',
      },
    },
    // Reviews after a handed-over order (kind `moderation` for a hidden review; ADR 029).
    reviews: {
      hidden: {
        subject: 'An admin hid your review',
        lines: [
          'An admin hid your review of {about}: it broke the store’s rules for reviews. It is kept, but no one else sees it and it no longer counts toward their rating.',
        ],
      },
      reason: 'Reason given',
      button: 'See their page',
    },
    // What admins do to an account (kind `account`).
    users: {
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
    },
    // The Wanted list (kind `wanted`). The subjects name no book: a title is the seller's words, and a subject
    // from the store's own address is the line a person trusts most (ADR 025). The book is named in its table.
    wanted: {
      wantedListed: {
        subject: 'A book on your Wanted list is for sale',
        lines: [
          'A book matching your Wanted list was just listed. Second-hand books go one copy at a time, so have a look soon.',
        ],
        book: 'Book',
        author: 'Author',
        price: 'Price',
        condition: 'Condition',
        button: 'See the book',
      },
      // `n` books still for sale, `shown` of them named (`clipped`: `yes` when that is fewer than `n`); `limit`
      // alerts a day (0: the digest of a person who turned single alerts off).
      wantedDigest: {
        subject:
          '{n, plural, one {Another book on your Wanted list is for sale} other {# more books on your Wanted list are for sale}}',
        lines: [
          '{limit, plural, =0 {Books matching your Wanted list were listed since our last email about them.} one {We email you at most # Wanted-list alert a day. Since then, more books matching your Wanted list were listed.} other {We email you at most # Wanted-list alerts a day. Since then, more books matching your Wanted list were listed.}}',
          '{n, plural, one {This one is still for sale; it is also under the bell in the store.} other {{clipped, select, yes {These are {shown} of the {n} still for sale; all of them are under the bell in the store.} other {These are still for sale; each is also under the bell in the store.}}}}',
        ],
        button: 'See your notifications',
      },
    },
  },
} as const;
