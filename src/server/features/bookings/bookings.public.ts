// What other features may use of bookings: an order's locks and ends, its owner check, its handover's view, what
// names it, and the parts of its mail.
export {
  bookIdsOf,
  bookingHoldsBook,
  endBooking,
  type LockedBooking,
  lockBooking,
  lockBookings,
  lockBookOf,
  settleLater,
} from './booking-lifecycle.ts';
export { type BundleOfOrder, bundlesOf } from './booking-lines.ts';
export {
  amountRow,
  bookingConfirmedMail,
  bookingEndedMail,
  bookingMadeMail,
  myBooks,
  myOrders,
  orderMail,
  type Price,
} from './bookings.mail.ts';
export { bookingCalls } from './bookings.rate-limits.ts';
export { hasBookingIn } from './bookings.service.ts';
export { overdueHolds } from './end-booking.service.ts';
export { handoverColumns, toSellerHandover } from './handover-view.ts';
export { orderNamingColumns } from './order-naming.ts';
export { requireOwnOrder } from './own-order.ts';
