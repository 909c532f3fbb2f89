/**
 * The texts of bundles (ADR 031): several books of one seller booked, paid and handed over as one order. English,
 * the catalogue's `bundles` section (ADR 030): every leaf an ICU string; every text of the feature is here, the
 * server's refusals too (translated on their way out by their English text).
 */
export const bundlesMessages = {
  bundles: {
    // What an order of several books is called wherever one name is shown (mails, lists, the payment page).
    // `names`: the books' names, joined with ", ".
    orderName: '{count} books: {names}',

    // The server's refusals.
    oneSeller: 'A bundle holds books of one seller; start another bundle for this seller’s books',
    tooFew: 'A bundle holds at least {min} books; book a single book from its page',
    tooMany: 'A bundle holds at most {max} books',
    twice: 'A book can be in a bundle only once',
    noSuchBook: 'One of these books does not exist',
    ownBooks: 'You cannot book your own books',
    notAvailable: {
      one: '“{name}” is no longer available; book the bundle without it',
      // `names`: each name in quotes (“…”), joined with ", ".
      several: 'These books are no longer available: {names}; book the bundle without them',
    },
    priceChanged: 'The bundle’s price changed since you saw it; look at the new total and book again',
    blocked: 'The seller of these books has blocked you, so you cannot book them',
    tryAgain: 'Your other bookings were being made at the same time; please try again',

    // The seller's discount (dashboard).
    discount: {
      heading: 'Bundle discount',
      intro:
        'Buyers can put several of your books in one bundle: one booking, one payment, one meeting, one handover code. Offer them a discount for it.',
      percent: 'Discount (%)',
      minBooks: 'From how many books',
      save: 'Save discount',
      saved: 'Your bundle discount is saved',
      remove: 'No discount',
      removed: 'Bundles of your books now have no discount',
      current: 'Now: {percent}% off bundles of {minBooks} or more of your books.',
      none: 'Now: no bundle discount.',
      percentRange: 'the discount is a whole percent from {min} to {max}',
      minBooksRange: 'the number of books is from {min} to {max}',
    },

    // Offering the discount to buyers (book page, seller page).
    offer: '{percent}% off when you bundle {minBooks} or more of this seller’s books',

    // Adding books (book page, seller page's cards).
    add: 'Add to a bundle',
    addAria: 'Add {book} to a bundle',
    added: 'In your bundle',
    addedAria: '{book} is in your bundle; open the bundle',
    remove: 'Remove',
    removeAria: 'Remove {book} from the bundle',
    otherSeller: 'Your bundle holds another seller’s books. Book it or empty it first.',
    startOver: 'Empty it and start a bundle here',
    full: 'A bundle holds at most {max} books.',

    // The bar that follows the buyer while they bundle.
    bar: '{count, plural, one {# book} other {# books}} in your bundle',
    open: 'See bundle',

    // The bundle page.
    title: 'Your bundle',
    signInToBook: 'Sign in to book this bundle',
    signInFor: 'Sign in to book your bundle.',
    phone: 'Your phone number',
    meetingPlace: 'Where you would like to meet',
    optional: 'optional',
    from: 'Books from {seller}',
    empty: 'Your bundle is empty. Add books from a seller’s page or a book’s page.',
    browseSeller: 'More books from this seller',
    unavailable: 'No longer available',
    unavailableNote: 'Someone else booked or bought these books. Remove them to book the rest.',
    removeUnavailable: 'Remove the unavailable books',
    subtotal: 'Books',
    discountLine: 'Bundle discount ({percent}%)',
    total: 'You pay',
    addMoreForDiscount:
      'Add {more, plural, one {# more book} other {# more books}} from this seller to get {percent}% off.',
    needTwo: 'Add at least one more book from this seller to book a bundle.',
    oneStep: 'One booking for all these books: one phone number, one meeting place, one payment and one handover code.',
    bookIt: 'Book these {count} books',
    booking: 'Booking…',
    emptyIt: 'Empty the bundle',
    booked: 'Your bundle is booked',
    heldUntil: 'We hold all its books for you until {when}. Pay once for all of them.',
    payNow: 'Pay now',
    payLater: 'Pay later from My Orders',

    // Orders (My Orders, My Products, payment page).
    paymentFor: 'Payment for a bundle of {count} books',
    pleasePay: 'Please pay {price} for these {count} books',
    lineCount: 'Bundle of {count} books',
    booksInOrder: 'Books in this order',
    discountNote: 'Bundle discount: {amount}',
    inBundle: 'In bundle order {order}',
    partOfBundle: 'Part of a bundle booked with “{lead}”; its booking and code are shown there.',
  },
} as const;
