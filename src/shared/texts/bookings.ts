/**
 * Booking a book, My Orders, cancelling a booking (features/bookings): English texts, every leaf an ICU string
 * (ADR 030).
 */
export const bookingsMessages = {
  booking: {
    title: 'Book Now to buy this book',
    confirm: 'Confirm Booking',
    phoneRequired: 'phone number is required',
    // Our own texts (the specification has none for these).
    close: 'Close',
    email: 'Email',
    name: 'Name',
    bookName: 'Book name',
    price: 'Price',
    phone: 'Phone number',
    meetingLocation: 'Meeting location',
    optional: 'optional',
    tooManyHolds:
      'You can hold at most {max, plural, one {# unpaid booking} other {# unpaid bookings}} at once; pay for or cancel one first',
    bookedHeading: 'The book is yours to pay for',
    heldUntil: 'We hold it for you until {when}. Unpaid by then, it goes back on sale.',
    payNow: 'Pay now',
    payLater: 'Pay later from My Orders',
  },
  orders: {
    book: 'Book',
    price: 'Price',
    contact: 'Contact',
    meetingPlace: 'Meeting place',
    payment: 'Payment',
    actions: 'Actions',
    delete: 'Delete',
    deleteOrder: 'Delete the order for {book}',
    payFor: 'Pay for {book}',
    empty: 'You have not booked any books yet.',
    noPlace: 'not given',
    // Our own texts for how an order stands (the specification only has 'Pay' and 'Paid').
    payBy: 'Pay by {when}',
    expired: 'Expired',
    expiredNote: 'The hold ran out before it was paid; the book is on sale again.',
    cancelled: 'Cancelled',
    cancelledReason: 'Reason: {reason}',
    refunded: 'Refunded',
    refundedNote: 'Your payment arrived after the order had ended, so it was refunded.',
    orderNumber: 'Order {number} · booked {when}',
    meetSeller: 'Meet {name}',
    sellerPhone: 'Phone',
    sellerPlace: 'Their place',
    yourPhone: 'Your phone',
  },
  /** The seller (or an admin) cancels a booking. */
  cancelBooking: {
    title: 'Cancel the booking of {book}',
    action: 'Cancel booking',
    reasonLabel: 'Why do you cancel it? The buyer sees this.',
    keep: 'Keep the booking',
    cancelled: 'The booking was cancelled; the book is on sale again',
  },
} as const;
