// What other features may use of bookings: an order and the caller's orders, cancelling one, and the booking form.
export { useBooking } from './api/get-booking.ts';
export { useMyOrders } from './api/get-my-orders.ts';
export { CancelBookingDialog } from './cancel-booking-dialog.tsx';

/** The booking form's code (with its form library), for a page to load when someone first books. */
export const loadBookingDialog = () => import('./booking-dialog.tsx');
export { SellerToMeet } from './seller-to-meet.tsx';
