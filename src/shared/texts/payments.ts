/** The payment page (features/payments): English texts, every leaf an ICU string (ADR 030). */
export const paymentsMessages = {
  payment: {
    expiryPlaceholder: 'MM / YY',
    paymentFor: 'Payment for: {book}',
    pleasePay: 'Please Pay: {price} for this book',
    success: 'Congtrats!, your payment complemtet',
    pay: 'Pay',
    // Our own texts (the specification has none for these).
    card: 'Card',
    cardNumber: 'Card number',
    expiry: 'Expiry date (MM / YY)',
    cvc: 'CVC',
    processing: 'Processing the payment',
    preparing: 'Preparing the card form',
    transactionId: 'Transaction id: {id}',
    alreadyPaid: 'This order is paid.',
    cannotPay: 'This order cannot be paid',
    backToOrders: 'Back to My Orders',
    nextHeading: 'What happens next',
    nextSteps: [
      'Arrange the meetup with the seller by phone; meet in a public place in daylight.',
      'Check the book at the meetup. When it is what you paid for, show the seller your handover code.',
      'The seller enters the code, and the sale is complete. Never give the code before you have the book.',
    ],
    testMode:
      'Test mode: no real card is charged. Pay with the test card 4242 4242 4242 4242, any future expiry date and any CVC.',
  },
} as const;
