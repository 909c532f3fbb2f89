/**
 * The handover at the meetup and its problems (features/handovers, ADR 020): English texts, every leaf an ICU string
 * (ADR 030).
 */
export const handoversMessages = {
  // Our own texts: the handover at the meetup (ADR 020).
  handover: {
    yourCode: 'Handover code',
    codeNote: 'Show this code to the seller when you get the book; never share it before.',
    awaiting: 'Awaiting handover',
    handedOver: 'Handed over',
    problemReported: 'Problem reported',
    problemReportedNote: 'An admin is looking at your report.',
    refundedNote: 'After your report, an admin refunded your payment in full.',
    reportProblem: 'Report a problem',
    problemFrom: 'Not handed over? You can report a problem from {when}.',
    reportProblemFor: 'Report a problem with {book}',
    reasonLabel: 'What went wrong? An admin reads this.',
    send: 'Send report',
    reported: 'Your report was sent to an admin',
    reasonRequired: 'Say what went wrong',
    reasonTooLong: 'Use at most {max} characters',
    enterCode: 'Enter handover code',
    enterCodeFor: 'Enter the buyer’s handover code for {book}',
    codeLabel: 'The buyer’s 6-digit code',
    codeHint: 'The buyer sees it in My Orders.',
    codeFormat: 'The code is 6 digits',
    confirm: 'Confirm handover',
    confirmed: 'The order is marked Handed over',
    locked: 'Too many wrong codes: the buyer or an admin can still settle this order',
    wrongCode:
      '{left, plural, =0 {That is not the buyer’s code, and no tries are left for this order} one {That is not the buyer’s code: # try left} other {That is not the buyer’s code: # tries left}}',
  },
  /** Reported Items' queue of orders whose buyer reported that they were not handed over. */
  handoverProblems: {
    title: 'Orders with a problem',
    empty: 'No buyer has reported a problem with a handover.',
    buyer: 'Buyer',
    seller: 'Seller',
    paidOn: 'paid on {when}',
    reportedOn: 'reported on {when}',
    refund: 'Refund',
    dismiss: 'Dismiss',
    confirmRefund: 'Refund the buyer of {book} in full? The listing is removed.',
    refunded: 'The buyer is being refunded',
    dismissed: 'The report was dismissed; the order stays paid',
  },
} as const;
