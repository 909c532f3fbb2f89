import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { messages } from '#shared/messages.ts';
import type { BookingRequest } from '#shared/schemas/booking.ts';
import { api, unwrap } from '#web/lib/api.ts';

/** Bookings are cached under ['bookings', …]; a booking also changes the book lists under ['books', …]. */
function useRefreshOrdersAndBooks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['books'] }),
    ]);
}

export function useBookBook() {
  const refresh = useRefreshOrdersAndBooks();
  return useMutation({
    mutationFn: (booking: BookingRequest) => unwrap(api.booking.$post({ json: booking })),
    onSuccess: () => {
      toast.success(messages.alert.booked);
      return refresh();
    },
  });
}

export function useDeleteOrder() {
  const refresh = useRefreshOrdersAndBooks();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.wishList[':id'].$delete({ param: { id } })),
    onSuccess: () => toast.success(messages.toast.deleted),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
}

/** The seller (or an admin) ends a booking that awaits payment; the buyer sees the reason in My Orders. */
export function useCancelBooking() {
  const refresh = useRefreshOrdersAndBooks();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.booking[':id'].cancel.$post({ param: { id }, json: { reason } })),
    onSuccess: () => toast.success(messages.myProducts.cancelled),
    onSettled: refresh,
  });
}
