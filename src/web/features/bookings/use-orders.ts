import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { texts } from '#shared/i18n/texts.ts';
import type { BookingRequest } from '#shared/schemas/booking.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefresh, useRefreshingMutation } from '#web/lib/refresh.ts';

/** A booking changes the bookings (['bookings', …]) and the book lists (['books', …]). */
const ordersAndBooks = ['bookings', 'books'];

/** Refreshes only once booked: a refused booking leaves the page, and the dialog with its message, as they are. */
export function useBookBook() {
  const refresh = useRefresh(ordersAndBooks);
  return useMutation({
    mutationFn: (booking: BookingRequest) => unwrap(api.booking.$post({ json: booking })),
    onSuccess: () => {
      toast.success(texts.alert.booked);
      return refresh();
    },
  });
}

export function useDeleteOrder() {
  return useRefreshingMutation((id: string) => unwrap(api.wishList[':id'].$delete({ param: { id } })), {
    done: texts.toast.deleted,
    refresh: ordersAndBooks,
  });
}

/** The seller (or an admin) ends a booking that awaits payment; the buyer sees the reason in My Orders. */
export function useCancelBooking() {
  return useRefreshingMutation(
    ({ bookingId, reason }: { bookingId: string; reason: string }) =>
      unwrap(api.booking[':id'].cancel.$post({ param: { id: bookingId }, json: { reason } })),
    { done: texts.cancelBooking.cancelled, refresh: ordersAndBooks, toastRefusal: false },
  );
}
